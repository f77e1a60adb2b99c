import { allCallPayoffs, callIndex, type Layout } from './layout';
import { PairKernels } from './pair-kernels';

/**
 * CFR+ (regret matching+, linear averaging, alternating updates) over a recall graph, vectorised over hands.
 * Each pass holds every node's strategy fixed, so reach probabilities flow forward through the graph once
 * and values flow back once (fixed-strategy iteration: a node shared by many histories is visited once, with
 * the reach of all of them summed). Values are kept per pair of hands, which makes them independent of the
 * path into a node: what follows a node depends only on the remembered claims and the hands.
 */
export class CfrSolver {
  readonly regret: Float64Array;
  readonly average: Float64Array;
  private readonly current: Float64Array;
  private readonly reach: [Float64Array, Float64Array];
  /** Seat 0's expected payoff at each node, per pair of hands (H0 × H1). */
  private readonly value: Float32Array;
  private readonly calls: Float32Array[];
  private readonly chance: [Float64Array, Float64Array];
  private readonly pair: number;
  private readonly weight: Float64Array;
  private readonly sigma: Float64Array;
  private readonly dot: Float64Array;
  private readonly kernels: PairKernels;
  private readonly cfv: Float64Array;
  iterations = 0;

  constructor(readonly layout: Layout) {
    const [h0, h1] = layout.handCount;
    this.pair = h0 * h1;
    this.regret = new Float64Array(layout.size);
    this.average = new Float64Array(layout.size);
    this.current = new Float64Array(layout.size);
    this.reach = [new Float64Array(layout.nodeCount * h0), new Float64Array(layout.nodeCount * h1)];
    this.value = new Float32Array(layout.nodeCount * this.pair);
    this.calls = allCallPayoffs(layout.game).map((m) => Float32Array.from(m));
    this.chance = [Float64Array.from(layout.game.hands[0], (h) => h.chance), Float64Array.from(layout.game.hands[1], (h) => h.chance)];
    const widest = Math.max(h0, h1);
    this.weight = new Float64Array(widest);
    this.sigma = new Float64Array(widest);
    this.dot = new Float64Array(widest);
    this.kernels = new PairKernels(h0, h1);
    this.cfv = new Float64Array(widest * (layout.game.claims.length + 2));
  }

  run(iterations: number): void {
    for (let i = 0; i < iterations; i++) {
      this.iterations++;
      this.pass(0);
      this.pass(1);
    }
  }

  /** The average strategy, normalised (uniform where a node was never reached). */
  strategy(): Float64Array {
    const out = new Float64Array(this.layout.size);
    normalise(this.layout, this.average, out);
    return out;
  }

  private pass(updating: 0 | 1): void {
    normalise(this.layout, this.regret, this.current);
    this.forward();
    this.backward(updating);
  }

  private forward(): void {
    const { layout, current, reach } = this;
    const hands = layout.handCount;
    reach[0].fill(0);
    reach[1].fill(0);
    reach[0].fill(1, 0, hands[0]);
    reach[1].fill(1, 0, hands[1]);
    for (let n = 0; n < layout.nodeCount; n++) {
      const seat = layout.seat[n] as number;
      const other = 1 - seat;
      const [mine, theirs] = [reach[seat] as Float64Array, reach[other] as Float64Array];
      const [hm, ht] = [hands[seat] as number, hands[other] as number];
      const count = layout.actionCount(n);
      const first = layout.first[n] as number;
      const slot = layout.slot[n] as number;
      for (let a = 0; a < count; a++) {
        const c = layout.child[first + a] as number;
        if (c < 0) continue;
        for (let h = 0; h < hm; h++) mine[c * hm + h] = mine[c * hm + h]! + mine[n * hm + h]! * current[slot + h * count + a]!;
        for (let h = 0; h < ht; h++) theirs[c * ht + h] = theirs[c * ht + h]! + theirs[n * ht + h]!;
      }
    }
  }

  private backward(updating: 0 | 1): void {
    const { layout } = this;
    const cfv = this.cfv;
    const opponent = this.reach[1 - updating] as Float64Array;
    const hands = layout.handCount[1 - updating] as number;
    for (let n = layout.nodeCount - 1; n >= 0; n--) {
      // Where the updating seat's opponent never arrives, every use of the value is weighed by zero: skip it.
      if (!anyPositive(opponent, n * hands, hands)) continue;
      const seat = layout.seat[n] as 0 | 1;
      this.nodeValue(n, seat, seat === updating ? cfv : null);
    }
    const t = this.iterations;
    for (let n = 0; n < layout.nodeCount; n++) if (layout.seat[n] === updating) this.accumulate(n, t);
  }

  private payoffsOf(n: number, a: number): Float32Array {
    const layout = this.layout;
    const act = layout.action[(layout.first[n] as number) + a] as number;
    if (act >= 0) {
      const c = layout.child[(layout.first[n] as number) + a] as number;
      return this.value.subarray(c * this.pair, (c + 1) * this.pair);
    }
    return this.calls[callIndex(layout.last[n] as number, layout.seat[n] as number, act)] as Float32Array;
  }

  /** Fills the node's value from its actions; when `cfv` is given, also updates the acting seat's regrets. */
  private nodeValue(n: number, seat: 0 | 1, cfv: Float64Array | null): void {
    const { layout, current, pair, kernels, sigma, weight, dot } = this;
    const count = layout.actionCount(n);
    const slot = layout.slot[n] as number;
    const out = this.value.subarray(n * pair, (n + 1) * pair);
    out.fill(0);
    const hm = layout.handCount[seat] as number;
    const ht = layout.handCount[1 - seat] as number;
    const opponent = this.reach[1 - seat] as Float64Array;
    const oppChance = this.chance[1 - seat] as Float64Array;
    for (let y = 0; y < ht; y++) weight[y] = opponent[n * ht + y]! * oppChance[y]!;
    // Seat 1's payoff is 1 minus seat 0's: the constant drops out of its regrets, so it counts −u.
    const sign = seat === 0 ? 1 : -1;
    for (let a = 0; a < count; a++) {
      const u = this.payoffsOf(n, a);
      for (let h = 0; h < hm; h++) sigma[h] = current[slot + h * count + a]!;
      if (seat === 0) kernels.addByRow(out, u, sigma);
      else kernels.addByColumn(out, u, sigma);
      if (!cfv) continue;
      if (seat === 0) kernels.rowDot(u, weight, dot);
      else kernels.columnDot(u, weight, dot);
      for (let h = 0; h < hm; h++) cfv[h * count + a] = sign * dot[h]!;
    }
    if (cfv) this.updateRegrets(n, seat, cfv);
  }

  private updateRegrets(n: number, seat: 0 | 1, cfv: Float64Array): void {
    const { layout, current, regret } = this;
    const count = layout.actionCount(n);
    const slot = layout.slot[n] as number;
    const hands = layout.handCount[seat];
    for (let h = 0; h < hands; h++) {
      let v = 0;
      for (let a = 0; a < count; a++) v += current[slot + h * count + a]! * cfv[h * count + a]!;
      for (let a = 0; a < count; a++) {
        const k = slot + h * count + a;
        regret[k] = Math.max(0, regret[k]! + cfv[h * count + a]! - v);
      }
    }
  }

  private accumulate(n: number, weight: number): void {
    const { layout, current, average } = this;
    const seat = layout.seat[n] as number;
    const count = layout.actionCount(n);
    const slot = layout.slot[n] as number;
    const hands = layout.handCount[seat] as number;
    const reach = this.reach[seat] as Float64Array;
    for (let h = 0; h < hands; h++) {
      const r = reach[n * hands + h]! * weight;
      if (r === 0) continue;
      for (let a = 0; a < count; a++) average[slot + h * count + a] = average[slot + h * count + a]! + r * current[slot + h * count + a]!;
    }
  }
}

/** Regret matching: each block's positive part, normalised; uniform where nothing is positive. */
export function normalise(layout: Layout, weights: Float64Array, out: Float64Array): void {
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    const slot = layout.slot[n] as number;
    const hands = layout.handCount[layout.seat[n] as number] as number;
    for (let h = 0; h < hands; h++) {
      const base = slot + h * count;
      let sum = 0;
      for (let a = 0; a < count; a++) sum += Math.max(0, weights[base + a]!);
      for (let a = 0; a < count; a++) out[base + a] = sum > 0 ? Math.max(0, weights[base + a]!) / sum : 1 / count;
    }
  }
}

function anyPositive(values: Float64Array, from: number, count: number): boolean {
  for (let i = from; i < from + count; i++) if (values[i]! > 0) return true;
  return false;
}
