import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Dispatcher } from '@liars-dice/server-platform';
import { CreateTournamentCommand, RegisterForTournamentCommand, TournamentCatalog, type TournamentOutcome } from '@liars-dice/server-tournaments';
import { SimulationClock, simulationApp } from './simulation-app';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORGANISER = { kind: 'account' as const, id: 'org-1', name: 'organiser' };
const TURN_SECONDS = 10;

/** An unranked swiss (one round at a table of three, then a final table of two) of zed and two CPUs. */
async function absentCup(app: INestApplicationContext, clock: SimulationClock): Promise<{ id: string; startsAt: number }> {
  const dispatcher = app.get(Dispatcher);
  const startsAt = clock.now() + 3_600_000;
  const by = { id: ORGANISER.id, role: 'organiser' as const };
  const settings = {
    name: 'Absent cup', by, organiserName: ORGANISER.name, family: 'classic' as const,
    options: { startingDice: 3, turnSeconds: TURN_SECONDS }, ranked: false, capacity: 3,
    tableSize: { min: 2, max: 3 }, format: 'swiss-tables' as const, rounds: 1, finalTableSize: 2,
    registrationOpensAt: clock.now(), registrationClosesAt: startsAt, startsAt, autoPublish: true,
  };
  const { tournamentId: id }: TournamentOutcome = await dispatcher.execute(new CreateTournamentCommand({ commandId: 'create', actor: ORGANISER }, settings));
  const zed = { type: 'RegisterPlayer' as const, data: { player: 'zed', name: 'zed', kind: 'human' as const, by: { id: 'zed', role: 'player' as const }, lot: 0 } };
  await dispatcher.execute(new RegisterForTournamentCommand({ tournamentId: id, commandId: 'enter-zed', actor: { kind: 'account', id: 'zed', name: 'zed' } }, zed));
  for (const name of ['Ada', 'Bea']) {
    const cpu = { type: 'RegisterPlayer' as const, data: { player: `cpu-${name}`, name, kind: 'cpu' as const, difficulty: 'easy', by, lot: 0 } };
    await dispatcher.execute(new RegisterForTournamentCommand({ tournamentId: id, commandId: `enter-${name}`, actor: ORGANISER }, cpu));
  }
  return { id, startsAt };
}

describe('a player who never acts at a tournament table (docs/tournaments.md, "No-show")', () => {
  it('is played out by the turn timer, forfeits the table (0 points, absent) and is not seated again', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const app = await simulationApp(store, clock, randomBytes(32).toString('hex'));
    try {
      // Given an unranked swiss (one round at a table of three, then a final table of two) of zed and two CPUs
      const { id, startsAt } = await absentCup(app, clock);
      // When it starts and zed never acts (the clock jumps past every turn deadline)
      clock.advanceTo(startsAt);
      const catalog = app.get(TournamentCatalog);
      for (let waited = 0; catalog.get(id)?.state.status !== 'finished' && waited < 90_000; waited += 100) {
        clock.advanceTo(clock.now() + TURN_SECONDS * 1_000 + 1);
        await sleep(100);
      }
      const tournament = catalog.get(id)?.state;
      if (!tournament) throw new Error('no tournament');
      // Then zed forfeited the round-1 table, is marked a no-show, and the final table is the two CPUs
      expect(tournament.status).toBe('finished');
      const tables = tournament.rounds.map((round) => round.tables[0]);
      expect(tables[0]?.results?.find((r) => r.player === 'zed')).toMatchObject({ outcome: 'absent', points: 0 });
      expect(tournament.players.get('zed')).toMatchObject({ status: 'no-show', leftInRound: 1 });
      expect(tables.map((table) => [...(table?.players ?? [])].sort())).toEqual([['cpu-Ada', 'cpu-Bea', 'zed'], ['cpu-Ada', 'cpu-Bea']]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
