import { isTournamentViolation } from '@liars-dice/game-tournament';
import { PublishSeatingCommand } from '@liars-dice/server-tournaments';
import { createTournament, enterCpu, ORGANISER, ORGANISER_ACTOR, until, withServer } from './testing/server-under-test';

jest.setTimeout(120_000);

describe('late registration through the server (docs/tournaments.md, "Settings")', () => {
  it('redraws a waiting round-1 draft with the late player, and refuses a late entry once round 1 is past', () =>
    withServer(async (server) => {
      // Given four CPUs in a tournament (two swiss rounds, late entries until round 1, seatings for the organiser
      // to publish) that has started, its round-1 seating drafted
      const { commandBus, clock, store } = server;
      const { id, startsAt } = await createTournament(server, { rounds: 2, lateRegistrationUntilRound: 1, autoPublish: false });
      for (const name of ['Ada', 'Bea', 'Cal', 'Dot']) await enterCpu(commandBus, id, name);
      clock.advanceTo(startsAt);
      const state = () => server.tournament(id);
      const seatedIn = (round: number) => (state().rounds[round - 1]?.tables ?? []).flatMap((table) => table.players);
      const statusOf = (round: number) => state().rounds[round - 1]?.status;
      const publish = (round: number) =>
        commandBus.execute(new PublishSeatingCommand({ tournamentId: id, commandId: `publish-${round}`, actor: ORGANISER }, { type: 'PublishSeating', data: { round, by: ORGANISER_ACTOR } }));
      await until(() => statusOf(1) === 'drafted');
      // When Eve registers late, and the organiser publishes each seating as it is drawn
      await enterCpu(commandBus, id, 'Eve');
      await until(() => state().players.has('cpu-Eve'));
      expect(state().players.get('cpu-Eve')).toMatchObject({ late: true, firstRound: 1 });
      await until(() => seatedIn(1).length === 5);
      await publish(1);
      await until(() => statusOf(2) === 'drafted');
      // Then the redrawn round 1 seated all five (tables of 3 and 2); after it, a late entry is refused by name
      expect(state().rounds[0]?.tables.map((table) => table.players.length)).toEqual([3, 2]);
      const refused = await enterCpu(commandBus, id, 'Fay').catch((error: unknown) => error);
      expect(isTournamentViolation(refused) && refused.message).toMatch(/late registration ended with round 1/);
      // And the tournament plays to its end with Eve in it
      await publish(2);
      await until(() => statusOf(3) === 'drafted');
      await publish(3);
      await until(() => state().status === 'finished');
      expect(seatedIn(2)).toContain('cpu-Eve');
      const events = await store.readStream(`tournament-${id}`);
      expect(events.filter((event) => event.type === 'SeatingDraftDiscarded').map((event) => event.data)).toMatchObject([{ round: 1, reason: 'cpu-Eve registered late' }]);
    }));
});
