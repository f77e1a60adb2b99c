import fc from 'fast-check';
import { seededRandom } from '@liars-dice/game-rules/testing';
import { balancedTableSizes } from './balance';
import { fold } from './fold';
import { standingsOf } from './standings';
import type { Tournament, TournamentState } from './state';
import { RandomTournament, shuffled } from './testing/random-tournament';

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

function play(seed: number, check?: ConstructorParameters<typeof RandomTournament>[1]): RandomTournament {
  const run = new RandomTournament(seededRandom(seed), check);
  run.play();
  return run;
}

/** The same tournament with its players listed in another order: the standings must not depend on it. */
function reordered(state: Tournament, seed: number): Tournament {
  return { ...state, players: new Map(shuffled([...state.players], seededRandom(seed))) };
}

describe('tournament invariants over random tournaments (issue #14 "Tests")', () => {
  it('always seats balanced tables within the limits, everyone due exactly once, nobody twice in a round', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        play(seed, (_before: TournamentState, after, events) => {
          for (const event of events) {
            if (event.type !== 'SeatingDrafted' || after.status === 'none') continue;
            const sizes = event.data.tables.map((t) => t.players.length);
            const seated = event.data.tables.flatMap((t) => t.players);
            // Table sizes are always the balanced ones: within one of each other, never above max
            expect(sizes).toEqual(balancedTableSizes(seated.length, after.config.tableSize.max));
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
            // Nobody is seated twice in a round
            expect(new Set(seated).size).toBe(seated.length);
            // Below the minimum only when no balanced seating within the limits exists
            const min = after.config.tableSize.min;
            if (Math.min(...sizes) < min) expect(Math.floor(seated.length / Math.ceil(seated.length / after.config.tableSize.max))).toBeLessThan(min);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('always finishes, with standings that are a total order of the whole field', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { tournament } = play(seed);
        expect(tournament.status).toBe('finished');
        const standings = standingsOf(tournament);
        // Ranks 1…n, every player once, each row separated from the next by a named criterion
        expect(standings.map((s) => s.rank)).toEqual(standings.map((_, i) => i + 1));
        expect(new Set(standings.map((s) => s.player))).toEqual(new Set(tournament.players.keys()));
        standings.slice(0, -1).forEach((s) => expect(s.decidedBy).not.toBeNull());
        // A total order does not depend on the order it was given its players in
        expect(standingsOf(reordered(tournament, seed))).toEqual(standings);
        // The winner is the top of the standings (nobody is ever disqualified after the end here)
        expect(tournament.winner).toBe(standings.find((s) => s.status !== 'disqualified')?.player ?? null);
      }),
      { numRuns: RUNS },
    );
  });

  it('rebuilds the same state and standings by replaying the tournament’s events', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const run = play(seed);
        const replayed = fold(run.events);
        expect(replayed).toEqual(run.state);
        expect(standingsOf(replayed as Tournament)).toEqual(standingsOf(run.tournament));
      }),
      { numRuns: RUNS },
    );
  });

  it('ranks the knockout by the round reached: nobody knocked out earlier ranks above a later one', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { tournament } = play(seed);
        if (tournament.config.format !== 'knockout-tables') return;
        const reached = standingsOf(tournament)
          .filter((s) => s.status !== 'disqualified' && s.finalPlace === null)
          .map((s) => s.reachedRound);
        expect(reached).toEqual([...reached].sort((a, b) => b - a));
      }),
      { numRuns: RUNS },
    );
  });
});
