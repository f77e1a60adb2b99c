import { randomUUID } from 'node:crypto';
import { matchStream } from '@liars-dice/game-match';
import { createTournament, enterCpu, enterHuman, until, withServer } from './testing/server-under-test';

jest.setTimeout(120_000);

describe('a voided knockout table whose round is still in play (docs/tournaments.md, "A voided match")', () => {
  it('is replayed: same seats, a new match under the replay id, whose result the table takes', () =>
    withServer(async (server) => {
      // Given a knockout (tables of three, the winner through) of zed, who never acts (the clock stands still,
      // so his table waits), and five CPUs: the table without zed finishes while zed's is still in play
      const { commandBus, clock, store } = server;
      const settings = { format: 'knockout-tables', advancePerTable: 1, rounds: undefined, finalTableSize: undefined, capacity: 6, options: { startingDice: 3, turnSeconds: 60 } };
      const { id, startsAt } = await createTournament(server, settings);
      await enterHuman(commandBus, id, 'zed');
      for (const name of ['Ada', 'Bea', 'Cal', 'Dot', 'Eve']) await enterCpu(commandBus, id, name);
      clock.advanceTo(startsAt);
      const tables = () => server.tournament(id).rounds[0]?.tables ?? [];
      await until(() => tables().some((table) => table.status === 'finished'));
      const done = tables().find((table) => table.status === 'finished');
      if (!done?.matchId) throw new Error('no finished table');
      const first = done.matchId;
      const waiting = tables().find((table) => table !== done);
      expect(waiting).toMatchObject({ status: 'playing' });
      expect(waiting?.players).toContain('zed');

      // When moderation voids the finished table's match (an event on the match's own stream)
      await store.appendToStream(matchStream(first), [{ id: randomUUID(), type: 'MatchVoided', data: { disputeId: 'd1', reason: 'misdeal' } }]);

      // Then the table is replayed under `-x1` with the same seats, and takes the replay's result
      const replayId = `${id}-r1-t${done.table}-x1`;
      await until(() => tables()[done.table - 1]?.matchId === replayId && tables()[done.table - 1]?.status === 'finished');
      const replayed = tables()[done.table - 1];
      expect(replayed).toMatchObject({ players: done.players, replayed: [first], voided: null, matchId: replayId });
      expect(replayed?.results?.map((result) => result.player).sort()).toEqual([...done.players].sort());
      expect((await store.readStream(matchStream(replayId))).some((event) => event.type === 'MatchFinished')).toBe(true);
      expect(server.tournament(id).rounds).toHaveLength(1);
    }));
});
