import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Dispatcher } from '@liars-dice/server-platform';
import { isTournamentViolation, type Tournament } from '@liars-dice/game-tournament';
import {
  CreateTournamentCommand,
  PublishSeatingCommand,
  RegisterForTournamentCommand,
  TournamentCatalog,
  type TournamentOutcome,
} from '@liars-dice/server-tournaments';
import { SimulationClock, simulationApp } from './simulation-app';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORGANISER = { kind: 'account' as const, id: 'org-1', name: 'organiser' };
const BY = { id: ORGANISER.id, role: 'organiser' as const };

/** A CPU entered by the organiser (CPU entrants are always checked in). */
function enter(dispatcher: Dispatcher, tournamentId: string, name: string): Promise<TournamentOutcome> {
  const asked = { type: 'RegisterPlayer' as const, data: { player: `cpu-${name}`, name, kind: 'cpu' as const, difficulty: 'easy', by: BY, lot: 0 } };
  return dispatcher.execute(new RegisterForTournamentCommand({ tournamentId, commandId: `enter-${name}`, actor: ORGANISER }, asked));
}

/** Two swiss rounds and a final table of 2, late entries until round 1, every seating for the organiser to publish. */
async function lateCup(app: INestApplicationContext, clock: SimulationClock): Promise<{ id: string; startsAt: number }> {
  const dispatcher = app.get(Dispatcher);
  const startsAt = clock.now() + 3_600_000;
  const settings = {
    name: 'Late cup', by: BY, organiserName: ORGANISER.name, family: 'classic' as const, options: { startingDice: 3 }, ranked: false,
    capacity: 8, tableSize: { min: 2, max: 3 }, format: 'swiss-tables' as const, rounds: 2, finalTableSize: 2, lateRegistrationUntilRound: 1,
    registrationOpensAt: clock.now(), registrationClosesAt: startsAt, startsAt, autoPublish: false,
  };
  const { tournamentId: id }: TournamentOutcome = await dispatcher.execute(new CreateTournamentCommand({ commandId: 'create', actor: ORGANISER }, settings));
  for (const name of ['Ada', 'Bea', 'Cal', 'Dot']) await enter(dispatcher, id, name);
  return { id, startsAt };
}

describe('late registration through the server (docs/tournaments.md, "Settings")', () => {
  it('redraws a waiting round-1 draft with the late player, and refuses a late entry once round 1 is past', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const app = await simulationApp(store, clock, randomBytes(32).toString('hex'));
    try {
      // Given four CPUs in a tournament that has started, its round-1 seating drafted for the organiser
      const dispatcher = app.get(Dispatcher);
      const catalog = app.get(TournamentCatalog);
      const { id, startsAt } = await lateCup(app, clock);
      clock.advanceTo(startsAt);
      const state = (): Tournament => {
        const record = catalog.get(id);
        if (!record) throw new Error('no tournament');
        return record.state;
      };
      const seatedIn = (round: number) => (state().rounds[round - 1]?.tables ?? []).flatMap((table) => table.players);
      const statusOf = (round: number) => state().rounds[round - 1]?.status;
      const until = async (reached: () => boolean) => {
        while (!reached()) await sleep(20);
      };
      const publish = (round: number) => dispatcher.execute(new PublishSeatingCommand({ tournamentId: id, commandId: `publish-${round}`, actor: ORGANISER }, { type: 'PublishSeating', data: { round, by: BY } }));
      await until(() => statusOf(1) === 'drafted');
      // When Eve registers late, and the organiser publishes each seating as it is drawn
      await enter(dispatcher, id, 'Eve');
      await until(() => state().players.has('cpu-Eve'));
      expect(state().players.get('cpu-Eve')).toMatchObject({ late: true, firstRound: 1 });
      await until(() => seatedIn(1).length === 5);
      await publish(1);
      await until(() => statusOf(2) === 'drafted');
      // Then the redrawn round 1 seated all five (tables of 3 and 2); after it, a late entry is refused by name
      expect(state().rounds[0]?.tables.map((table) => table.players.length)).toEqual([3, 2]);
      const refused = await enter(dispatcher, id, 'Fay').catch((error: unknown) => error);
      expect(isTournamentViolation(refused) && refused.message).toMatch(/late registration ended with round 1/);
      // And the tournament plays to its end with Eve in it
      await publish(2);
      await until(() => statusOf(3) === 'drafted');
      await publish(3);
      await until(() => state().status === 'finished');
      expect(seatedIn(2)).toContain('cpu-Eve');
      const events = await store.readStream(`tournament-${id}`);
      expect(events.filter((event) => event.type === 'SeatingDraftDiscarded').map((event) => event.data)).toMatchObject([{ round: 1, reason: 'cpu-Eve registered late' }]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
