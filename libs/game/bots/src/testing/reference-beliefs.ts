import { FACES, type PlayerId } from '@liars-dice/game-rules';
import { DEFAULT_ALLOWANCE, type Evidence } from '../evidence';
import { handPosterior, type HandModel } from '../hands';
import { binomialPmf, convolve, CountBelief, normalize } from '../odds';
import { countMine, faceChance, type Table } from '../table';

/** Every belief at once, per face (index 0 unused): what `Beliefs` computes lazily. */
export interface EagerBeliefs {
  readonly mine: readonly CountBelief[];
  readonly public: readonly CountBelief[];
  readonly nextHand: readonly (readonly number[])[];
  readonly rest: readonly CountBelief[];
  readonly restForNext: readonly CountBelief[];
}

function posterior(dice: number, face: (typeof FACES)[number], wild: boolean, evidence: readonly Evidence[]): number[] {
  const prior = binomialPmf(dice, faceChance(face, wild));
  let applied = false;
  const weighted = prior.map((p, k) => {
    let w = p;
    for (const item of evidence) {
      if (item.face !== face) continue;
      w *= Math.pow(DEFAULT_ALLOWANCE + k, item.weight);
      applied = true;
    }
    return w;
  });
  return applied ? normalize(weighted) : prior;
}

/**
 * The eager `beliefsOf` as it was before docs/adr/0033 (every face, every field, fresh arrays), kept as the
 * reference the lazy `Beliefs` must equal number for number.
 */
export function eagerBeliefs(table: Table, evidence: readonly Evidence[], hands: HandModel | null, bluffRates: ReadonlyMap<PlayerId, number>): EagerBeliefs {
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
