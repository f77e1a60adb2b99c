import { createTournament, enterCpu, enterHuman, sleep, withServer } from './testing/server-under-test';

jest.setTimeout(120_000);

const TURN_SECONDS = 10;

describe('a player who never acts at a tournament table (docs/tournaments.md, "No-show")', () => {
  it('is played out by the turn timer, forfeits the table (0 points, absent) and is not seated again', () =>
    withServer(async (server) => {
      // Given an unranked swiss (one round at a table of three, then a final table of two) of zed and two CPUs
      const { commandBus, clock } = server;
      const { id, startsAt } = await createTournament(server, { options: { startingDice: 3, turnSeconds: TURN_SECONDS }, capacity: 3 });
      await enterHuman(commandBus, id, 'zed');
      for (const name of ['Ada', 'Bea']) await enterCpu(commandBus, id, name);
      // When it starts and zed never acts (the clock jumps past every turn deadline)
      clock.advanceTo(startsAt);
      for (let waited = 0; server.tournament(id).status !== 'finished' && waited < 90_000; waited += 100) {
        clock.advanceTo(clock.now() + TURN_SECONDS * 1_000 + 1);
        await sleep(100);
      }
      // Then zed forfeited the round-1 table, is marked a no-show, and the final table is the two CPUs
      const tournament = server.tournament(id);
      expect(tournament.status).toBe('finished');
      const tables = tournament.rounds.map((round) => round.tables[0]);
      expect(tables[0]?.results?.find((r) => r.player === 'zed')).toMatchObject({ outcome: 'absent', points: 0 });
      expect(tournament.players.get('zed')).toMatchObject({ status: 'no-show', leftInRound: 1 });
      expect(tables.map((table) => [...(table?.players ?? [])].sort())).toEqual([['cpu-Ada', 'cpu-Bea', 'zed'], ['cpu-Ada', 'cpu-Bea']]);
    }));
});
