import type { Layout } from './layout';
import { type Claim, LIAR, type RoundGame, type Seat } from './round-game';

/**
 * What the best response plays against: a fixed strategy for one seat, read at every history of the full
 * game. `cursor` is the strategy's own summary of the history (a recall-graph node for a solved strategy);
 * `child` moves it along a bid, `policy` gives, for each hand of the fixed seat, the chance of each action
 * (in the game's action order for that seat after `last`).
 */
export interface FixedStrategy {
  readonly root: number;
  child(cursor: number, actionIndex: number): number;
  /**
   * Where hand h's chance of action a is: `table[at + h * actionCount + a]`. `reach` is how likely each hand
   * is to be here; hands with none need no answer.
   */
  policy(cursor: number, reach: Float64Array): { readonly table: Float64Array; readonly at: number };
}

/** A solved strategy on a recall graph, as a fixed strategy for the best response. */
export function graphStrategy(layout: Layout, policy: Float64Array): FixedStrategy {
  return {
    root: 0,
    child: (n, a) => layout.child[(layout.first[n] as number) + a] as number,
    policy: (n) => ({ table: policy, at: layout.slot[n] as number }),
  };
}

/**
 * The exact best response of `seat` against `fixed` playing the other seat, over the whole game tree (every
 * bid history: the responder keeps perfect recall), pruning only histories the fixed seat never reaches.
 * Returns the responder's expected payoff on the round's scale (lose = 0, win = 1).
 */
export function bestResponseValue(game: RoundGame, fixed: FixedStrategy, seat: Seat): number {
  return new BestResponse(game, fixed, seat).value();
}

class BestResponse {
  private readonly other: Seat;
  private readonly hb: number;
  private readonly hf: number;
  private readonly countsB: Int8Array;
  private readonly countsF: Int8Array;
  private readonly chanceF: Float64Array;
  private readonly reachAt: Float64Array[] = [];
  private readonly valueAt: Float64Array[] = [];
  private readonly agg: Float64Array;
  private readonly actions = new Map<number, number[]>();

  constructor(
    private readonly game: RoundGame,
    private readonly fixed: FixedStrategy,
    private readonly seat: Seat,
  ) {
    this.other = seat === 0 ? 1 : 0;
    this.hb = game.hands[seat].length;
    this.hf = game.hands[this.other].length;
    this.countsB = Int8Array.from(game.hands[seat].flatMap((h) => h.counts.slice(0, 7)));
    this.countsF = Int8Array.from(game.hands[this.other].flatMap((h) => h.counts.slice(0, 7)));
    this.chanceF = Float64Array.from(game.hands[this.other], (h) => h.chance);
    this.agg = new Float64Array(game.total + 2);
    const depth = game.claims.length + 2;
    for (let d = 0; d <= depth; d++) {
      this.reachAt.push(new Float64Array(this.hf));
      this.valueAt.push(new Float64Array(this.hb));
    }
  }

  value(): number {
    this.reachAt[0]!.fill(1);
    this.visit(this.fixed.root, 0, 0, -1);
    const hands = this.game.hands[this.seat];
    let total = 0;
    hands.forEach((hand, h) => (total += hand.chance * this.valueAt[0]![h]!));
    return total;
  }

  private actionsOf(seat: Seat, last: number): number[] {
    const key = last * 2 + seat;
    let list = this.actions.get(key);
    if (!list) this.actions.set(key, (list = this.game.actionsAfter(seat, last)));
    return list;
  }

  /** Fills valueAt[depth] for the history at `cursor` (seat `toAct` to act after claim `last`). */
  private visit(cursor: number, depth: number, toAct: Seat, last: number): void {
    if (toAct === this.seat) this.respond(cursor, depth, last);
    else this.follow(cursor, depth, last);
  }

  private respond(cursor: number, depth: number, last: number): void {
    const out = this.valueAt[depth]!;
    const childValue = this.valueAt[depth + 1]!;
    const actions = this.actionsOf(this.seat, last);
    out.fill(-Infinity);
    this.reachAt[depth + 1]!.set(this.reachAt[depth]!);
    for (let a = 0; a < actions.length; a++) {
      const action = actions[a]!;
      if (action < 0) this.terminal({ call: action, caller: this.seat, last }, this.reachAt[depth]!, childValue);
      else this.visit(this.fixed.child(cursor, a), depth + 1, this.other, action);
      for (let h = 0; h < this.hb; h++) if (childValue[h]! > out[h]!) out[h] = childValue[h]!;
    }
  }

  private follow(cursor: number, depth: number, last: number): void {
    const out = this.valueAt[depth]!;
    const childValue = this.valueAt[depth + 1]!;
    const reach = this.reachAt[depth]!;
    const childReach = this.reachAt[depth + 1]!;
    const actions = this.actionsOf(this.other, last);
    const count = actions.length;
    const { table, at } = this.fixed.policy(cursor, reach);
    out.fill(0);
    for (let a = 0; a < count; a++) {
      let any = false;
      for (let y = 0; y < this.hf; y++) {
        const r = reach[y]! * table[at + y * count + a]!;
        childReach[y] = r;
        if (r > 0) any = true;
      }
      if (!any) continue;
      const action = actions[a]!;
      if (action < 0) this.terminal({ call: action, caller: this.other, last }, childReach, childValue);
      else this.visit(this.fixed.child(cursor, a), depth + 1, this.seat, action);
      for (let h = 0; h < this.hb; h++) out[h] = out[h]! + childValue[h]!;
    }
  }

  /** The responder's value per hand when `caller` calls on `last`, the fixed seat's hands weighed by `reach`. */
  private terminal(end: { call: number; caller: Seat; last: number }, reach: Float64Array, out: Float64Array): void {
    const { call, caller, last } = end;
    const claim = this.game.claims[last] as Claim;
    const face = claim.face;
    const agg = this.agg;
    agg.fill(0);
    for (let y = 0; y < this.hf; y++) {
      const k = this.countsF[y * 7 + face]!;
      agg[k] = agg[k]! + this.chanceF[y]! * reach[y]!;
    }
    const exact = this.game.spec.exact[caller];
    const mine = caller === this.seat;
    for (let h = 0; h < this.hb; h++) {
      const own = this.countsB[h * 7 + face]!;
      let v = 0;
      for (let k = 0; k < agg.length; k++) {
        const total = own + k;
        const forCaller = call === LIAR ? (total >= claim.quantity ? 0 : 1) : total === claim.quantity ? exact : 0;
        v += agg[k]! * (mine ? forCaller : 1 - forCaller);
      }
      out[h] = v;
    }
  }
}

/**
 * How much a perfect opponent gains against `strategy` played from both seats, on the round's scale: half
 * the sum of the two best responses' gains (NashConv / 2). 0 at an equilibrium.
 */
export function exploitability(game: RoundGame, strategy: FixedStrategy): number {
  return (bestResponseValue(game, strategy, 0) + bestResponseValue(game, strategy, 1) - 1) / 2;
}
