import { LRUCache } from 'lru-cache';
import { type Face, type PlayerId, type PublicSeat } from '@liars-dice/game-rules';
import { handPosterior, type HandModel } from './hands';
import { binomialPmf, convolve, CountBelief, normalize } from './odds';
import { countMine, faceChance, type Table } from './table';

/** How much of this round's bidding a level remembers: none, each bidder's latest bid, or every bid. */
export type Memory = 'none' | 'last' | 'all';

/** What a bid by `by` suggests: they hold some of `face`, trusted with `weight` (0 … 1). */
export interface Evidence {
  readonly by: PlayerId;
  readonly face: Face;
  readonly weight: number;
}

/**
 * The likelihood of a bid on a face given that the bidder holds k of it is taken as (allowance + k): a
 * bidder usually holds some of what they bid, and `allowance` is how readily they bid on nothing.
 */
export const DEFAULT_ALLOWANCE = 0.6;

/** This round's bids as evidence, weighted by how much each one says about the bidder's hand. */
export function evidenceOf(table: Table, memory: Memory): Evidence[] {
  const bids = table.view.round?.bids ?? [];
  const palifico = table.view.round?.palifico ?? false;
  const all: Evidence[] = [];
  bids.forEach((bid, i) => {
    if (bid.by === table.me) return;
    const previous = bids[i - 1];
    // An opening or a switch of face is a free choice; following the face (forced in palifico) says less.
    let weight = 1;
    if (previous && previous.face === bid.face) weight = palifico ? 0.2 : 0.6;
    all.push({ by: bid.by, face: bid.face, weight });
  });
  if (memory === 'all') return all;
  if (memory === 'none') return [];
  const latest = new Map<PlayerId, Evidence>();
  for (const item of all) latest.set(item.by, item);
  return [...latest.values()];
}

/** Evidence-free posteriors (the binomial prior) and my own bid as others read it, by their inputs: shared, frozen. */
const priors = new Map<number, readonly number[]>();
const seenAsBidder = new Map<number, readonly number[]>();
const ONE: readonly number[] = Object.freeze([1]);

/** One hand's count of `face` given the bids its owner made, face by face (allowance as above). */
function posterior(dice: number, face: Face, wild: boolean, evidence: readonly Evidence[]): readonly number[] {
  const allowance = DEFAULT_ALLOWANCE;
  const chance = faceChance(face, wild);
  if (!evidence.some((item) => item.face === face)) return priorOf(dice, chance);
  const prior = binomialPmf(dice, chance);
  return normalize(
    prior.map((p, k) => {
      let w = p;
      for (const item of evidence) if (item.face === face) w *= Math.pow(allowance + k, item.weight);
      return w;
    }),
  );
}

/** The binomial prior of `dice` dice at `chance` (1/3 or 1/6): the same array for every reader. */
function priorOf(dice: number, chance: number): readonly number[] {
  const key = dice * 2 + (chance > 1 / 6 ? 1 : 0);
  let prior = priors.get(key);
  if (prior === undefined) {
    priors.set(key, (prior = Object.freeze(binomialPmf(dice, chance))));
    priorArrays.add(prior);
  }
  return prior;
}

/** The arrays `priorOf` hands out: a count that is one of them is fully named by its length and chance. */
const priorArrays = new Set<readonly number[]>();

/**
 * The opponents' count and the public one when every opponent's count is an evidence-free prior (every face
 * for medium, which remembers no bid; each face no one bid on for hard), by what they are folded from: the
 * chance, each opponent's dice in turn order and my dice. Those inputs are the very same arrays
 * whenever the key is the same, so the fold gives the same numbers; it depends on no table, so seats of every
 * table share it.
 */
const priorFolds = new LRUCache<string, { readonly others: readonly number[]; readonly public: CountBelief }>({ max: 4_096 });

function priorFoldKey(counts: readonly (readonly number[])[], asSeen: readonly number[], chance: number): string | undefined {
  for (const c of counts) if (!priorArrays.has(c)) return undefined;
  let key = `${chance > 1 / 6 ? 1 : 0}|${asSeen.length}`;
  for (const c of counts) key += `|${c.length}`;
  return key;
}

/** Opponents' counts folded in turn order (from `[1]`), and that folded with my dice as others read them. */
function fold(counts: readonly (readonly number[])[], asSeen: readonly number[]): { others: readonly number[]; public: CountBelief } {
  let others: readonly number[] = ONE;
  for (const c of counts) others = convolve(others, c);
  return { others, public: new CountBelief(0, convolve(others, asSeen)) };
}

/** My count of `face` as someone who cannot see my dice reads it once I have bid on it: depends on the chance only. */
function asSeenBy(dice: number, face: Face, wild: boolean, me: PlayerId): readonly number[] {
  const key = dice * 2 + (faceChance(face, wild) > 1 / 6 ? 1 : 0);
  let seen = seenAsBidder.get(key);
  if (seen === undefined) seenAsBidder.set(key, (seen = Object.freeze(posterior(dice, face, wild, [{ by: me, face, weight: 1 }]))));
  return seen;
}

/** What this seat believes about one face's count (`mine`) and what a seat that cannot see my dice does (`public`). */
interface FaceBelief {
  /** Each opponent's count of the face, in turn order: two faces with the very same arrays share the rest. */
  readonly counts: readonly (readonly number[])[];
  readonly asSeen: readonly number[];
  readonly mine: CountBelief;
  readonly public: CountBelief;
}

/** What the next seat may believe about one face (`restForNext`), and the count beyond it (`rest`). */
interface NextBelief {
  readonly nextHand: readonly number[] | undefined;
  readonly rest: CountBelief;
  readonly restForNext: CountBelief;
}

/**
 * Per face, what this seat believes about the count at the reveal, and what the next seat may believe.
 *
 * Computed face by face when first asked (docs/adr/0033): a level asks `mine` and `public` for the faces it may
 * bid or call, and the next seat's view (`nextHand`, `rest`, `restForNext`) only under the `hand` call model,
 * which no level plays now. Each number is computed by the same arithmetic in the same order as when all were
 * built at once (`evidence.spec.ts` compares them with that eager reference), so decisions do not change.
 */
export class Beliefs {
  private readonly hands: (readonly (readonly number[])[] | undefined)[] = [];
  private readonly own: (readonly Evidence[] | undefined)[] = [];
  private readonly faces: (FaceBelief | undefined)[] = [];
  private readonly nexts: (NextBelief | undefined)[] = [];

  constructor(
    private readonly table: Table,
    private readonly evidence: readonly Evidence[],
    private readonly model: HandModel | null,
    private readonly bluffRates: ReadonlyMap<PlayerId, number>,
  ) {}

  /** My belief about the count of `face` at the reveal. */
  mine(face: Face): CountBelief {
    return this.face(face).mine;
  }

  /** The count as someone who cannot see my dice reads it, once I have bid on that face. */
  public(face: Face): CountBelief {
    return this.face(face).public;
  }

  /** The next seat's own count of the face (my posterior); undefined when no one else is left. */
  nextHand(face: Face): readonly number[] | undefined {
    return this.next(face).nextHand;
  }

  /** My dice plus every unseen hand but the next seat's. */
  rest(face: Face): CountBelief {
    return this.next(face).rest;
  }

  /** What the next seat, knowing its own hand, reads for the rest of the table (my dice as it sees them). */
  restForNext(face: Face): CountBelief {
    return this.next(face).restForNext;
  }

  private face(face: Face): FaceBelief {
    const known = this.faces[face];
    if (known) return known;
    const { table } = this;
    const counts = table.opponents.map((_, i) => this.countsOf(i, face));
    const asSeen = asSeenBy(table.myDice.length, face, table.wild, table.me);
    const mine = countMine(table.myDice, face, table.wild);
    // Faces whose every input is the same arrays (e.g. 2s to 6s when no one bid on them) have the same numbers.
    const same = this.faces.find((other) => other && other.asSeen === asSeen && other.mine.known === mine && sameArrays(other.counts, counts));
    if (same) return (this.faces[face] = same);
    // Whole-hand posteriors (expert) are never the prior: only the face-by-face levels look the fold up.
    const key = this.model ? undefined : priorFoldKey(counts, asSeen, faceChance(face, table.wild));
    let folded = key === undefined ? undefined : priorFolds.get(key);
    if (folded === undefined) {
      folded = fold(counts, asSeen);
      if (key !== undefined) priorFolds.set(key, folded);
    }
    const belief = { counts, asSeen, mine: new CountBelief(mine, folded.others), public: folded.public };
    this.faces[face] = belief;
    return belief;
  }

  private next(face: Face): NextBelief {
    const known = this.nexts[face];
    if (known) return known;
    const { table } = this;
    let beyondNext: readonly number[] = ONE;
    let nextHand: readonly number[] | undefined;
    table.opponents.forEach((seat, i) => {
      const counts = this.countsOf(i, face);
      if (seat.id === table.next.id) nextHand = counts;
      else beyondNext = convolve(beyondNext, counts);
    });
    const asSeen = asSeenBy(table.myDice.length, face, table.wild, table.me);
    const belief = {
      nextHand,
      rest: new CountBelief(countMine(table.myDice, face, table.wild), beyondNext),
      restForNext: new CountBelief(0, convolve(beyondNext, asSeen)),
    };
    this.nexts[face] = belief;
    return belief;
  }

  /** Opponent `i`'s count of `face`: its whole-hand posterior (expert) or the face-by-face one. */
  private countsOf(i: number, face: Face): readonly number[] {
    const seat = this.table.opponents[i] as PublicSeat;
    const own = (this.own[i] ??= this.evidence.filter((item) => item.by === seat.id));
    const { model } = this;
    if (!model) return posterior(seat.dice, face, this.table.wild, own);
    const hand = (this.hands[i] ??= handPosterior(seat.dice, this.table.wild, own, { ...model, bluff: this.bluffRates.get(seat.id) ?? model.bluff }));
    return hand[face] ?? ONE;
  }
}

function sameArrays(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function beliefsOf(table: Table, evidence: readonly Evidence[], hands: HandModel | null, bluffRates: ReadonlyMap<PlayerId, number>): Beliefs {
  return new Beliefs(table, evidence, hands, bluffRates);
}
