import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Dispatcher } from '@liars-dice/server-platform';
import { CreateTournamentCommand, RegisterForTournamentCommand, TournamentCatalog, type TournamentOutcome } from '@liars-dice/server-tournaments';
import { SimulationClock, simulationApp } from './simulation-app';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORGANISER = { kind: 'account' as const, id: 'org-1', name: 'organiser' };
const MODERATOR = { id: 'mod-1', name: 'moderator' };
const HUMANS = ['ann', 'bob', 'cyd', 'dan'];

/** A tournament in registration with the four humans entered, ranked or not. */
async function tournamentOfHumans(app: INestApplicationContext, clock: SimulationClock, ranked: boolean): Promise<string> {
  const dispatcher = app.get(Dispatcher);
  const startsAt = clock.now() + 3_600_000;
  const by = { id: ORGANISER.id, role: 'organiser' as const };
  const settings = {
    name: ranked ? 'Ranked cup' : 'Friendly cup',
    by,
    organiserName: ORGANISER.name,
    family: 'classic' as const,
    options: {},
    ranked,
    capacity: 8,
    tableSize: { min: 2, max: 4 },
    format: 'swiss-tables' as const,
    rounds: 2,
    registrationOpensAt: clock.now(),
    registrationClosesAt: startsAt,
    startsAt,
    autoPublish: true,
  };
  const created: TournamentOutcome = await dispatcher.execute(new CreateTournamentCommand({ commandId: `create-${ranked}`, actor: ORGANISER }, settings));
  for (const id of HUMANS) {
    const asked = { type: 'RegisterPlayer' as const, data: { player: id, name: id, kind: 'human' as const, by: { id, role: 'player' as const }, lot: 0 } };
    await dispatcher.execute(new RegisterForTournamentCommand({ tournamentId: created.tournamentId, commandId: `enter-${id}`, actor: { kind: 'account', id, name: id } }, asked));
  }
  return created.tournamentId;
}

/** Moderation's event on the account's sanctions stream (docs/moderation.md). */
function imposed(account: string, kind: string, sanctionId: string, until: number | null = null) {
  const data = { sanctionId, account: { id: account, name: account }, kind, days: null, until, reason: 'collusion with cyd', moderator: MODERATOR, disputeId: 'd-1', at: 0 };
  return { id: randomUUID(), type: 'SanctionImposed', data };
}

describe('a moderation sanction in a running or open tournament (docs/tournaments.md)', () => {
  it('disqualifies a ranked-banned or marked player from ranked tournaments only; a warning, a lifted or an expired sanction does nothing', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const app = await simulationApp(store, clock, randomBytes(32).toString('hex'));
    try {
      // Given a ranked and an unranked tournament, both with ann, bob, cyd and dan registered
      const ranked = await tournamentOfHumans(app, clock, true);
      const friendly = await tournamentOfHumans(app, clock, false);
      const catalog = app.get(TournamentCatalog);
      const status = (tournament: string, player: string) => catalog.get(tournament)?.state.players.get(player)?.status;
      // When bob gets a warning, cyd a ban already over, dan a mark lifted since, and ann a collusion mark
      await store.appendToStream('sanctions-bob', [imposed('bob', 'warning', 's-warn')]);
      await store.appendToStream('sanctions-cyd', [imposed('cyd', 'ranked-ban', 's-old', clock.now() - 1)]);
      const lift = { id: randomUUID(), type: 'SanctionLifted', data: { sanctionId: 's-lifted', moderator: MODERATOR, reason: 'appeal upheld', at: 1 } };
      await store.appendToStream('sanctions-dan', [imposed('dan', 'collusion-mark', 's-lifted'), lift]);
      await store.appendToStream('sanctions-ann', [imposed('ann', 'collusion-mark', 's-ann')]);
      for (let waited = 0; status(ranked, 'ann') !== 'disqualified' && waited < 10_000; waited += 20) await sleep(20);
      // Then ann is disqualified from the ranked tournament, naming the sanction, and stays in the friendly one
      expect(status(ranked, 'ann')).toBe('disqualified');
      expect(status(friendly, 'ann')).toBe('registered');
      const events = await store.readStream(`tournament-${ranked}`);
      const disqualified = events.filter((event) => event.type === 'PlayerDisqualified');
      expect(disqualified).toHaveLength(1);
      expect(disqualified[0]?.data).toMatchObject({ player: 'ann', by: 'director', sanctionId: 's-ann', reason: 'sanction (collusion-mark): collusion with cyd' });
      // and the sanctions heard before it (the stream is followed in order) left bob, cyd and dan in
      expect(['bob', 'cyd', 'dan'].map((player) => status(ranked, player))).toEqual(['registered', 'registered', 'registered']);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('is not carried out twice when the server starts again on the same store', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const seedKey = randomBytes(32).toString('hex');
    const first = await simulationApp(store, clock, seedKey);
    // Given ann disqualified from a ranked tournament by a ranked ban
    const ranked = await tournamentOfHumans(first, clock, true);
    await store.appendToStream('sanctions-ann', [imposed('ann', 'ranked-ban', 's-ban', clock.now() + 7 * 86_400_000)]);
    const catalog = first.get(TournamentCatalog);
    for (let waited = 0; catalog.get(ranked)?.state.players.get('ann')?.status !== 'disqualified' && waited < 10_000; waited += 20) await sleep(20);
    await first.close();
    // When a new server starts on the same store and hears the sanction again from the start
    const second = await simulationApp(store, clock, seedKey);
    try {
      await second.get(TournamentCatalog).ready();
      await sleep(500);
      // Then the tournament still holds exactly one disqualification
      const events = await store.readStream(`tournament-${ranked}`);
      expect(events.filter((event) => event.type === 'PlayerDisqualified')).toHaveLength(1);
    } finally {
      await second.close();
      await store.close();
    }
  });
});
