import { standingsOf } from '@liars-dice/game-tournament';
import { TournamentCatalog, verifyStoredTournament } from '@liars-dice/server-tournaments';
import { enterTournament } from './run-tournament';
import { sleep, withServer } from './testing/server-under-test';

jest.setTimeout(120_000);

describe('a knockout-tables tournament run by the server', () => {
  it('sends the top 2 of every table through until one final table, then ranks by the round reached', async () => {
    await withServer(async ({ app, store, clock }) => {
      // Given 24 CPU players at tables of 3–6, the top 2 of each going through
      const options = { players: 24, family: 'classic' as const, matchOptions: { startingDice: 3 }, rounds: 1, maxTable: 6, difficulty: 'easy' as const, timeoutMs: 0, knockout: 2 };
      const { id, startsAt } = await enterTournament(app, clock, options);
      clock.advanceTo(startsAt);
      // When the director runs it to the end
      const catalog = app.get(TournamentCatalog);
      while (catalog.get(id)?.state.status !== 'finished') await sleep(20);
      const tournament = catalog.get(id)?.state;
      if (!tournament) throw new Error('no tournament');
      // Then 24 → 4 tables → 8 through → 2 tables → 4 through → the final table of 4
      expect(tournament.rounds.map((r) => [r.stage, r.tables.map((t) => t.players.length), r.advancing.length])).toEqual([
        ['knockout', [6, 6, 6, 6], 8],
        ['knockout', [4, 4], 4],
        ['final', [4], 0],
      ]);
      const standings = standingsOf(tournament);
      expect(standings[0]?.player).toBe(tournament.winner);
      expect(standings.slice(0, 4).map((s) => s.finalPlace)).toEqual([1, 2, 3, 4]);
      expect(standings.slice(4, 8).every((s) => s.reachedRound === 2)).toBe(true);
      expect((await verifyStoredTournament(store, id)).allVerified).toBe(true);
    });
  });
});
