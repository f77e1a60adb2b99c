import { lastOf, type RecallGraph } from './recall-graph';
import { LIAR, type RoundGame, type Seat } from './round-game';

/**
 * The recall graph flattened into typed arrays for the solver's inner loops. A strategy (or regrets) is one
 * Float64Array: node n's block starts at `slot[n]` and holds, for each hand h of the seat to act and each
 * action a, the entry `slot[n] + h * actionCount(n) + a`.
 */
export class Layout {
  readonly nodeCount: number;
  readonly seat: Uint8Array;
  readonly last: Int32Array;
  /** Node n's actions are `action[first[n]] … action[first[n + 1] − 1]`. */
  readonly first: Int32Array;
  readonly action: Int32Array;
  readonly child: Int32Array;
  readonly slot: Int32Array;
  readonly size: number;
  readonly handCount: readonly [number, number];

  constructor(
    readonly game: RoundGame,
    readonly graph: RecallGraph,
  ) {
    const nodes = graph.nodes;
    this.nodeCount = nodes.length;
    this.handCount = [game.hands[0].length, game.hands[1].length];
    this.seat = Uint8Array.from(nodes, (node) => node.seat);
    this.last = Int32Array.from(nodes, (node) => lastOf(node.recent));
    this.first = new Int32Array(nodes.length + 1);
    this.slot = new Int32Array(nodes.length + 1);
    nodes.forEach((node, n) => {
      this.first[n + 1] = (this.first[n] as number) + node.actions.length;
      this.slot[n + 1] = (this.slot[n] as number) + node.actions.length * (this.handCount[node.seat] as number);
    });
    this.size = this.slot[nodes.length] as number;
    this.action = Int32Array.from(nodes.flatMap((node) => node.actions));
    this.child = Int32Array.from(nodes.flatMap((node) => [...node.children]));
  }

  actionCount(n: number): number {
    return (this.first[n + 1] as number) - (this.first[n] as number);
  }

  /** A strategy that spreads evenly over every action. */
  uniform(): Float64Array {
    const policy = new Float64Array(this.size);
    for (let n = 0; n < this.nodeCount; n++) policy.fill(1 / this.actionCount(n), this.slot[n], this.slot[n + 1]);
    return policy;
  }
}

/**
 * Seat 0's payoff for every pair of hands when `caller` calls on claim `last`, as a flat H0 × H1 matrix:
 * the solver and the best response read terminal payoffs from these.
 */
export function callPayoffs(game: RoundGame, call: number, caller: Seat, last: number): Float64Array {
  const [h0, h1] = [game.hands[0].length, game.hands[1].length];
  const out = new Float64Array(h0 * h1);
  for (let i = 0; i < h0; i++) for (let j = 0; j < h1; j++) out[i * h1 + j] = game.payoff(call, caller, last, [i, j]);
  return out;
}

/** The payoff matrices of every call, indexed by `(last * 2 + caller) * 2 + (call === LIAR ? 0 : 1)`. */
export function allCallPayoffs(game: RoundGame): Float64Array[] {
  const out: Float64Array[] = [];
  for (let last = 0; last < game.claims.length; last++) {
    for (const caller of [0, 1] as const) {
      for (const call of [LIAR, LIAR - 1]) out.push(callPayoffs(game, call, caller, last));
    }
  }
  return out;
}

export function callIndex(last: number, caller: number, call: number): number {
  return (last * 2 + caller) * 2 + (call === LIAR ? 0 : 1);
}
