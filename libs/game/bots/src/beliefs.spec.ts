import fc from 'fast-check';
import { type Action, FACES, type MatchState, type PlayerView, playerView, legalActions, type Ruleset } from '@liars-dice/game-rules';
import { beliefsOf, evidenceOf } from './evidence';
import { PROFILES } from './levels';
import { playMatch } from './match';
import type { CountBelief } from './odds';
import { bluffRatesFromHistory, computeBluffRates } from './reliability';
import { chooseAction, DIFFICULTIES } from './strategy';
import { tableOf } from './table';
import { houseFor } from './testing/house';
import { eagerBeliefs } from './testing/reference-beliefs';

const RULESETS: readonly Ruleset[] = ['classic', 'perudo', 'revolver'];

/** Every position a seat acted in through one whole match of mixed levels. */
function positions(seed: number, ruleset: Ruleset, seats: number): { view: PlayerView; legal: readonly Action[] }[] {
  const found: { view: PlayerView; legal: readonly Action[] }[] = [];
  const players = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'].slice(0, seats);
  playMatch(
    { matchId: `m${seed}`, ruleset, players },
    (seat, view, legal) => chooseAction(DIFFICULTIES[(seed + players.indexOf(seat)) % 4]!, view, legal, `${seed}|${seat}|${view.history.length}|${view.round?.bids.length}`),
    houseFor(seed),
    (state: MatchState) => {
      if (state.status === 'bidding') found.push({ view: playerView(state, state.toAct)!, legal: legalActions(state, state.toAct) });
    },
  );
  return found;
}

/** A belief's numbers, exactly: `toStrictEqual` compares numbers with Object.is, so 1 ulp apart fails. */
function numbers(belief: CountBelief): { known: number; pmf: readonly number[]; atLeast: number[]; mean: number } {
  return { known: belief.known, pmf: belief.pmf, atLeast: Array.from({ length: belief.pmf.length + belief.known + 3 }, (_, q) => belief.atLeast(q)), mean: belief.mean() };
}

/** Medium's and hard's beliefs equal the eager reference; medium's public beliefs are one object per fold input. */
function expectFoldsAsFresh(table: ReturnType<typeof tableOf>, shared: Map<string, CountBelief>): void {
  for (const profile of [PROFILES.medium, PROFILES.hard]) {
    const evidence = evidenceOf(table, profile.memory);
    const lazy = beliefsOf(table, evidence, null, new Map());
    const eager = eagerBeliefs(table, evidence, null, new Map());
    for (const face of FACES) {
      // Then: the same numbers as computed afresh, ulp for ulp
      expect(numbers(lazy.mine(face))).toStrictEqual(numbers(eager.mine[face]!));
      expect(numbers(lazy.public(face))).toStrictEqual(numbers(eager.public[face]!));
      if (profile.memory !== 'none') continue;
      // And: without evidence, the same chance and dice give the very same public belief, whichever table asks
      const key = `${table.wild && face !== 1 ? 3 : 6}|${table.myDice.length}|${table.opponents.map((seat) => seat.dice).join()}`;
      const seen = shared.get(key);
      if (seen === undefined) shared.set(key, lazy.public(face));
      else expect(lazy.public(face)).toBe(seen);
    }
  }
}

const match = fc.record({ seed: fc.integer({ min: 1, max: 1_000_000 }), ruleset: fc.constantFrom(...RULESETS), seats: fc.integer({ min: 2, max: 6 }) });

describe('beliefs computed face by face when asked (docs/adr/0033)', () => {
  it('given any position of whole matches and any order of asking, then every belief equals the eager reference number for number', () => {
    fc.assert(
      fc.property(match, fc.array(fc.constantFrom(...FACES), { minLength: 1, maxLength: 12 }), fc.nat(), ({ seed, ruleset, seats }, order, pick) => {
        const all = positions(seed, ruleset, seats);
        const { view, legal } = all[pick % all.length]!;
        const table = tableOf(view, legal);
        for (const profile of [PROFILES.medium, PROFILES.hard, PROFILES.expert]) {
          const rates = profile.hands ? bluffRatesFromHistory(view, profile.hands.bluff) : new Map<string, number>();
          const evidence = evidenceOf(table, profile.memory);
          const lazy = beliefsOf(table, evidence, profile.hands, rates);
          const eager = eagerBeliefs(table, evidence, profile.hands, rates);
          // When: faces asked in a drawn order (repeats included), the next seat's view for some of them
          for (const face of [...order, ...FACES]) {
            expect(numbers(lazy.mine(face))).toStrictEqual(numbers(eager.mine[face]!));
            expect(numbers(lazy.public(face))).toStrictEqual(numbers(eager.public[face]!));
            if (face % 2 === seed % 2) continue;
            expect(lazy.nextHand(face)).toStrictEqual(eager.nextHand[face]);
            expect(numbers(lazy.rest(face))).toStrictEqual(numbers(eager.rest[face]!));
            expect(numbers(lazy.restForNext(face))).toStrictEqual(numbers(eager.restForNext[face]!));
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('given any position, then the bluff rates read from its history (kept per history array) equal those computed afresh', () => {
    fc.assert(
      fc.property(match, fc.nat(), fc.constantFrom(0.1, 0.3), ({ seed, ruleset, seats }, pick, prior) => {
        const all = positions(seed, ruleset, seats);
        const { view } = all[pick % all.length]!;
        // Asked twice: the second answer is the kept one.
        expect(bluffRatesFromHistory(view, prior)).toStrictEqual(computeBluffRates(view, prior));
        expect(bluffRatesFromHistory(view, prior)).toStrictEqual(computeBluffRates(view, prior));
        const other = { ...view, me: view.players.find((seat) => seat.id !== view.me)?.id ?? null };
        expect(bluffRatesFromHistory(other, prior)).toStrictEqual(computeBluffRates(other, prior));
      }),
      { numRuns: 20 },
    );
  });

  it('given positions of many tables, then beliefs folded from priors (kept by their inputs) equal the eager reference and are shared', () => {
    fc.assert(
      fc.property(fc.array(match, { minLength: 2, maxLength: 3 }), fc.nat(), (matches, pick) => {
        // Given: positions of several whole matches, asked in turn (later tables read what earlier ones kept)
        const all = matches.flatMap(({ seed, ruleset, seats }) => positions(seed, ruleset, seats));
        const shared = new Map<string, CountBelief>();
        all.forEach(({ view, legal }, i) => {
          if ((i + pick) % 3 === 0) expectFoldsAsFresh(tableOf(view, legal), shared);
        });
      }),
      { numRuns: 10 },
    );
  });
});
