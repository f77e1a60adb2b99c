import { type Face, FACES, type PlayerId } from '@liars-dice/game-rules';
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

/** One hand's count of `face` given the bids its owner made, face by face (allowance as above). */
function posterior(dice: number, face: Face, wild: boolean, evidence: readonly Evidence[]): number[] {
  const allowance = DEFAULT_ALLOWANCE;
  const prior = binomialPmf(dice, faceChance(face, wild));
  let applied = false;
  const weighted = prior.map((p, k) => {
    let w = p;
    for (const item of evidence) {
      if (item.face !== face) continue;
      w *= Math.pow(allowance + k, item.weight);
      applied = true;
    }
    return w;
  });
  return applied ? normalize(weighted) : prior;
}

/** Per face, what this seat believes about the count at the reveal, and what the next seat may believe. */
export interface Beliefs {
  /** Indexed by face (index 0 unused). */
  readonly mine: readonly CountBelief[];
  /** The count as someone who cannot see my dice reads it, once I have bid on that face. */
  readonly public: readonly CountBelief[];
  /** The next seat's own count of the face (my posterior), by face. */
  readonly nextHand: readonly (readonly number[])[];
  /** My dice plus every unseen hand but the next seat's, by face. */
  readonly rest: readonly CountBelief[];
  /** What the next seat, knowing its own hand, reads for the rest of the table (my dice as it sees them). */
  readonly restForNext: readonly CountBelief[];
}

export function beliefsOf(
  table: Table,
  evidence: readonly Evidence[],
  hands: HandModel | null,
  bluffRates: ReadonlyMap<PlayerId, number>,
): Beliefs {
  const hand = table.opponents.map((seat) => {
    const own = evidence.filter((item) => item.by === seat.id);
    if (hands) return handPosterior(seat.dice, table.wild, own, { ...hands, bluff: bluffRates.get(seat.id) ?? hands.bluff });
    return [[], ...FACES.map((face) => posterior(seat.dice, face, table.wild, own))];
  });
  const mine: CountBelief[] = [];
  const pub: CountBelief[] = [];
  const nextHand: (readonly number[])[] = [];
  const rest: CountBelief[] = [];
  const restForNext: CountBelief[] = [];
  for (const face of FACES) {
    let others: number[] = [1];
    let beyondNext: number[] = [1];
    table.opponents.forEach((seat, i) => {
      const counts = hand[i]?.[face] ?? [1];
      others = convolve(others, counts);
      if (seat.id === table.next.id) nextHand[face] = counts;
      else beyondNext = convolve(beyondNext, counts);
    });
    const known = countMine(table.myDice, face, table.wild);
    mine[face] = new CountBelief(known, others);
    rest[face] = new CountBelief(known, beyondNext);
    const asSeen = posterior(table.myDice.length, face, table.wild, [{ by: table.me, face, weight: 1 }]);
    pub[face] = new CountBelief(0, convolve(others, asSeen));
    restForNext[face] = new CountBelief(0, convolve(beyondNext, asSeen));
  }
  return { mine, public: pub, nextHand, rest, restForNext };
}
