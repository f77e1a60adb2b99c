import type { Layout } from './layout';

/**
 * Drops every action a hand plays less often than `floor` and renormalises the rest (a solved average
 * strategy keeps small remnants of early iterations), then rounds the chances to multiples of 1/`steps`
 * that still sum to exactly one. The result is what gets stored, and what the exploitability is measured on.
 */
export function cleanAndRound(layout: Layout, policy: Float64Array, floor: number, steps: number): Float64Array {
  const out = new Float64Array(policy.length);
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    const hands = layout.handCount[layout.seat[n] as number] as number;
    for (let h = 0; h < hands; h++) {
      const base = (layout.slot[n] as number) + h * count;
      const shares = Array.from({ length: count }, (_, a) => policy[base + a] as number);
      const best = shares.indexOf(Math.max(...shares));
      const kept = shares.map((p, a) => (p < floor && a !== best ? 0 : p));
      const units = roundToUnits(kept, steps);
      for (let a = 0; a < count; a++) out[base + a] = (units[a] as number) / steps;
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
 * Which hands can reach each node while their seat follows `policy` and the other seat does anything: the
 * only places the strategy is ever asked about, so the only ones worth storing. `reached[seat][n * hands + h]`.
 */
export function reachable(layout: Layout, policy: Float64Array): [Uint8Array, Uint8Array] {
  const [h0, h1] = layout.handCount;
  const reached: [Uint8Array, Uint8Array] = [new Uint8Array(layout.nodeCount * h0), new Uint8Array(layout.nodeCount * h1)];
  reached[0].fill(1, 0, h0);
  reached[1].fill(1, 0, h1);
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    for (let a = 0; a < count; a++) {
      const c = layout.child[(layout.first[n] as number) + a] as number;
      if (c < 0) continue;
      passOn(layout, { policy, reached: reached[0], seat: 0 }, [n, a, c]);
      passOn(layout, { policy, reached: reached[1], seat: 1 }, [n, a, c]);
    }
  }
  return reached;
}

/** Marks at child c the hands of `seat` that reach n and, when `seat` acts at n, play action a. */
function passOn(layout: Layout, state: { policy: Float64Array; reached: Uint8Array; seat: 0 | 1 }, [n, a, c]: readonly number[]): void {
  const { policy, reached, seat } = state;
  const hands = layout.handCount[seat];
  const count = layout.actionCount(n as number);
  const acting = layout.seat[n as number] === seat;
  const base = (layout.slot[n as number] as number) + (a as number);
  for (let h = 0; h < hands; h++) {
    if (reached[(n as number) * hands + h] && (!acting || (policy[base + h * count] as number) > 0)) reached[(c as number) * hands + h] = 1;
  }
}
