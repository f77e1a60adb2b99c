import fc from 'fast-check';
import { ADJUSTABLE_OPTIONS, type Ruleset } from '@liars-dice/game-rules';
import { playMatch } from './match';
import { createRng } from './rng';
import { type BotKind, chooseAction, STRATEGIES } from './strategy';
import { houseFor } from './testing/house';

const KINDS: readonly BotKind[] = ['random', 'easy', 'medium', 'hard', 'expert'];

const table = fc
  .record({
    ruleset: fc.constantFrom<Ruleset>('classic', 'perudo', 'revolver'),
    seats: fc.array(fc.constantFrom(...KINDS), { minLength: 2, maxLength: 6 }),
    wildOnes: fc.boolean(),
    spotOn: fc.boolean(),
    palifico: fc.boolean(),
    startingDice: fc.constantFrom(3, 4, 5),
    bullets: fc.integer({ min: 1, max: 5 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  })
  .map(({ ruleset, seats, seed, ...chosen }) => {
    // Only the options this family lets a table choose (rules.md §1).
    const allowed = Object.keys(ADJUSTABLE_OPTIONS[ruleset]);
    const options = Object.fromEntries(Object.entries(chosen).filter(([key]) => allowed.includes(key)));
    return { ruleset, seats, seed, options };
  });

describe('every level, in every reachable position', () => {
  it('given random tables of every family and option, when each seat decides, then its action is one of the engine’s legal actions and repeats for the same seed', () => {
    fc.assert(
      fc.property(table, ({ ruleset, seats, seed, options }) => {
        const players = seats.map((_, i) => `s${i}`);
        const rngs = players.map((id) => createRng(`${seed}|${id}`));
        let decisions = 0;
        const finished = playMatch(
          { matchId: `prop-${seed}`, ruleset, options, players },
          (player, view, legal) => {
            const i = Number(player.slice(1));
            const kind = seats[i] ?? 'random';
            const action = STRATEGIES[kind](view, legal, rngs[i] ?? createRng(0));
            expect(legal).toContainEqual(action);
            if (decisions++ % 7 === 0) expect(chooseAction(kind, view, legal, decisions)).toEqual(chooseAction(kind, view, legal, decisions));
            return action;
          },
          houseFor(seed),
        );
        expect(finished.status).toBe('finished');
      }),
      { numRuns: 60 },
    );
  });
});
