import type { Layout } from './layout';

/**
 * Drops the actions a hand plays rarely and renormalises the rest (a solved average strategy keeps small
 * remnants of early iterations), then rounds the chances to multiples of 1/`steps` that still sum to exactly
 * one. What an action can cost is its chance times how likely the strategy is to get there at all, so the
 * cut is `floor` where the hand arrives for sure and rises as `mass / reach` where it rarely does. The
 * result is what gets stored, and what the exploitability is measured on.
 */
export function cleanAndRound(layout: Layout, policy: Float64Array, cut: { floor: number; mass: number; steps: number }): Float64Array {
  const out = new Float64Array(policy.length);
  const reach = ownReach(layout, policy);
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    const seat = layout.seat[n] as 0 | 1;
    const hands = layout.handCount[seat];
    for (let h = 0; h < hands; h++) {
      const base = (layout.slot[n] as number) + h * count;
      const floor = Math.max(cut.floor, cut.mass / Math.max(reach[seat][n * hands + h] as number, 1e-12));
      const shares = Array.from({ length: count }, (_, a) => policy[base + a] as number);
      const best = shares.indexOf(Math.max(...shares));
      const kept = shares.map((p, a) => (p < floor && a !== best ? 0 : p));
      const units = roundToUnits(kept, cut.steps);
      for (let a = 0; a < count; a++) out[base + a] = (units[a] as number) / cut.steps;
    }
  }
  return out;
}

/** Whole units out of `steps`, summing to `steps`, closest to the shares of `weights` (largest remainders). */
export function roundToUnits(weights: readonly number[], steps: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * steps);
  const units = exact.map(Math.floor);
  let left = steps - units.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    units[i] = (units[i] as number) + 1;
    left--;
  }
  return units;
}

/**
 * How likely each hand of the seat to act is to arrive at each node while its seat follows `policy` and the
 * other seat plays whatever leads there: the most likely path (the best response picks one), not the sum.
 * Zero where the strategy never leads, so nothing there needs storing. `reach[seat][n * hands + h]`.
 */
export function ownReach(layout: Layout, policy: Float64Array): [Float64Array, Float64Array] {
  const [h0, h1] = layout.handCount;
  const reach: [Float64Array, Float64Array] = [new Float64Array(layout.nodeCount * h0), new Float64Array(layout.nodeCount * h1)];
  reach[0].fill(1, 0, h0);
  reach[1].fill(1, 0, h1);
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    for (let a = 0; a < count; a++) {
      const c = layout.child[(layout.first[n] as number) + a] as number;
      if (c < 0) continue;
      passOn(layout, { policy, reach: reach[0], seat: 0 }, [n, a, c]);
      passOn(layout, { policy, reach: reach[1], seat: 1 }, [n, a, c]);
    }
  }
  return reach;
}

/** Carries `seat`'s reach from n to child c along action a (scaled by its chance when `seat` acts at n). */
function passOn(layout: Layout, state: { policy: Float64Array; reach: Float64Array; seat: 0 | 1 }, [n, a, c]: readonly number[]): void {
  const { policy, reach, seat } = state;
  const hands = layout.handCount[seat];
  const count = layout.actionCount(n as number);
  const acting = layout.seat[n as number] === seat;
  const base = (layout.slot[n as number] as number) + (a as number);
  for (let h = 0; h < hands; h++) {
    const r = (reach[(n as number) * hands + h] as number) * (acting ? (policy[base + h * count] as number) : 1);
    const at = (c as number) * hands + h;
    if (r > (reach[at] as number)) reach[at] = r;
  }
}
