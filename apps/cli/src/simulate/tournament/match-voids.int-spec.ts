import { randomUUID } from 'node:crypto';
import { matchStream } from '@liars-dice/game-match';
import { TournamentCatalog } from '@liars-dice/server-tournaments';
import { enterTournament } from './run-tournament';
import { sleep, withServer } from './testing/server-under-test';

jest.setTimeout(120_000);

describe('a moderator’s void of a tournament table’s match (docs/tournaments.md)', () => {
  it('removes the swiss table’s points, and a lifted void restores them', async () => {
    await withServer(async ({ app, store, clock }) => {
      // Given a 12-player swiss whose first table has finished its match
      const options = { players: 12, family: 'classic' as const, matchOptions: { startingDice: 3 }, rounds: 1, maxTable: 6, difficulty: 'easy' as const, timeoutMs: 0 };
      const { id, startsAt } = await enterTournament(app, clock, options);
      clock.advanceTo(startsAt);
      const catalog = app.get(TournamentCatalog);
      const tableOne = () => catalog.get(id)?.state.rounds[0]?.tables[0];
      while (tableOne()?.status !== 'finished') await sleep(20);
      const matchId = tableOne()?.matchId as string;
      // When moderation voids that match (an event on the match's own stream)
      await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'MatchVoided', data: { disputeId: 'd1', reason: 'collusion' } }]);
      while (tableOne()?.status !== 'voided') await sleep(20);
      // Then the table counts for nobody, and lifting the void counts it again
      expect(tableOne()).toMatchObject({ status: 'voided', voided: 'points-removed', matchId });
      await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'MatchUnvoided', data: { disputeId: 'd1', reason: 'appeal upheld' } }]);
      while (tableOne()?.status !== 'finished') await sleep(20);
      expect(tableOne()).toMatchObject({ status: 'finished', voided: null, matchId });
    });
  });
});
