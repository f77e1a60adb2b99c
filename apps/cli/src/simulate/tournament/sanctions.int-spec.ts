import { randomBytes, randomUUID } from 'node:crypto';
import { TournamentCatalog } from '@liars-dice/server-tournaments';
import { SimulationClock } from './simulation-app';
import { createTournament, enterHuman, serverOn, sleep, type ServerUnderTest, until, withServer } from './testing/server-under-test';

jest.setTimeout(60_000);

const MODERATOR = { id: 'mod-1', name: 'moderator' };
const HUMANS = ['ann', 'bob', 'cyd', 'dan'];

/** A tournament in registration with the four humans entered, ranked or not. */
async function tournamentOfHumans(server: ServerUnderTest, ranked: boolean): Promise<string> {
  const { id } = await createTournament(server, { ranked, rounds: 2, tableSize: { min: 2, max: 4 } });
  for (const human of HUMANS) await enterHuman(server.commandBus, id, human);
  await until(() => server.tournament(id).players.size === HUMANS.length);
  return id;
}

/** Moderation's event on the account's sanctions stream (docs/moderation.md). */
function imposed(account: string, kind: string, sanctionId: string, until: number | null = null) {
  const data = { sanctionId, account: { id: account, name: account }, kind, days: null, until, reason: 'collusion with cyd', moderator: MODERATOR, disputeId: 'd-1', at: 0 };
  return { id: randomUUID(), type: 'SanctionImposed', data };
}

describe('a moderation sanction in a running or open tournament (docs/tournaments.md)', () => {
  it('disqualifies a ranked-banned or marked player from ranked tournaments only; a warning, a lifted or an expired sanction does nothing', () =>
    withServer(async (server) => {
      // Given a ranked and an unranked tournament, both with ann, bob, cyd and dan registered
      const { store, clock } = server;
      const ranked = await tournamentOfHumans(server, true);
      const friendly = await tournamentOfHumans(server, false);
      const status = (tournament: string, player: string) => server.tournament(tournament).players.get(player)?.status;
      // When bob gets a warning, cyd a ban already over, dan a mark lifted since, and ann a collusion mark
      await store.appendToStream('sanctions-bob', [imposed('bob', 'warning', 's-warn')]);
      await store.appendToStream('sanctions-cyd', [imposed('cyd', 'ranked-ban', 's-old', clock.now() - 1)]);
      const lift = { id: randomUUID(), type: 'SanctionLifted', data: { sanctionId: 's-lifted', moderator: MODERATOR, reason: 'appeal upheld', at: 1 } };
      await store.appendToStream('sanctions-dan', [imposed('dan', 'collusion-mark', 's-lifted'), lift]);
      await store.appendToStream('sanctions-ann', [imposed('ann', 'collusion-mark', 's-ann')]);
      await until(() => status(ranked, 'ann') === 'disqualified');
      // Then ann is disqualified from the ranked tournament, naming the sanction, and stays in the friendly one
      expect(status(friendly, 'ann')).toBe('registered');
      const events = await store.readStream(`tournament-${ranked}`);
      const disqualified = events.filter((event) => event.type === 'PlayerDisqualified');
      expect(disqualified).toHaveLength(1);
      expect(disqualified[0]?.data).toMatchObject({ player: 'ann', by: 'director', sanctionId: 's-ann', reason: 'sanction (collusion-mark): collusion with cyd' });
      // and the sanctions heard before it (the stream is followed in order) left bob, cyd and dan in
      expect(['bob', 'cyd', 'dan'].map((player) => status(ranked, player))).toEqual(['registered', 'registered', 'registered']);
    }));

  it('reinstates the player when the sanction is lifted, unless another sanction still bars them', () =>
    withServer(async (server) => {
      // Given ann disqualified from a ranked tournament by a collusion mark, and bob by a mark and a ranked ban
      const { store, clock } = server;
      const ranked = await tournamentOfHumans(server, true);
      const status = (player: string) => server.tournament(ranked).players.get(player)?.status;
      await store.appendToStream('sanctions-ann', [imposed('ann', 'collusion-mark', 's-ann')]);
      await store.appendToStream('sanctions-bob', [imposed('bob', 'collusion-mark', 's-bob'), imposed('bob', 'ranked-ban', 's-bob-ban', clock.now() + 86_400_000)]);
      await until(() => status('ann') === 'disqualified' && status('bob') === 'disqualified');
      // When both marks are lifted on appeal
      const lift = (sanctionId: string) => ({ id: randomUUID(), type: 'SanctionLifted', data: { sanctionId, moderator: MODERATOR, reason: 'appeal upheld', at: 1 } });
      await store.appendToStream('sanctions-ann', [lift('s-ann')]);
      await store.appendToStream('sanctions-bob', [lift('s-bob')]);
      await until(() => status('ann') === 'registered');
      // Then ann is back in the field, naming the lifted sanction, and bob stays out while his ban runs
      const events = await store.readStream(`tournament-${ranked}`);
      const reinstated = events.filter((event) => event.type === 'PlayerReinstated');
      expect(reinstated.map((event) => event.data)).toEqual([expect.objectContaining({ player: 'ann', by: 'director', sanctionId: 's-ann', reason: 'sanction lifted: appeal upheld' })]);
      await sleep(300);
      expect(status('bob')).toBe('disqualified');
      // And when his ban is lifted too, he is back as well
      await store.appendToStream('sanctions-bob', [lift('s-bob-ban')]);
      await until(() => status('bob') === 'registered');
    }));

  it('is not carried out twice when the server starts again on the same store', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const seedKey = randomBytes(32).toString('hex');
    // Given ann disqualified from a ranked tournament by a ranked ban
    const first = await serverOn(store, clock, seedKey);
    const ranked = await tournamentOfHumans(first, true);
    await store.appendToStream('sanctions-ann', [imposed('ann', 'ranked-ban', 's-ban', clock.now() + 7 * 86_400_000)]);
    await until(() => first.tournament(ranked).players.get('ann')?.status === 'disqualified');
    // and bob disqualified by a mark that was lifted since, which reinstated him
    await store.appendToStream('sanctions-bob', [imposed('bob', 'collusion-mark', 's-bob')]);
    await until(() => first.tournament(ranked).players.get('bob')?.status === 'disqualified');
    const lift = { id: randomUUID(), type: 'SanctionLifted', data: { sanctionId: 's-bob', moderator: MODERATOR, reason: 'appeal upheld', at: 1 } };
    await store.appendToStream('sanctions-bob', [lift]);
    await until(() => first.tournament(ranked).players.get('bob')?.status === 'registered');
    await first.close();
    // When a new server starts on the same store and hears the sanction again from the start
    const second = await serverOn(store, clock, seedKey);
    try {
      await second.app.get(TournamentCatalog).ready();
      await sleep(500);
      // Then the tournament still holds exactly the two disqualifications and the one reinstatement
      const events = await store.readStream(`tournament-${ranked}`);
      expect(events.filter((event) => event.type === 'PlayerDisqualified')).toHaveLength(2);
      expect(events.filter((event) => event.type === 'PlayerReinstated')).toHaveLength(1);
      expect(second.tournament(ranked).players.get('bob')?.status).toBe('registered');
    } finally {
      await second.close();
      await store.close();
    }
  });

  it('is carried out once when two servers on one store hear the same sanction and its lifting', async () => {
    const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
    const store = new InMemoryEventStore();
    const clock = new SimulationClock();
    const seedKey = randomBytes(32).toString('hex');
    // Given two servers on one store, and a ranked tournament with ann registered
    const [one, two] = [await serverOn(store, clock, seedKey), await serverOn(store, clock, seedKey)];
    try {
      const ranked = await tournamentOfHumans(one, true);
      await until(() => two.tournament(ranked).players.size === HUMANS.length);
      // When ann gets a collusion mark, then has it lifted
      await store.appendToStream('sanctions-ann', [imposed('ann', 'collusion-mark', 's-ann')]);
      await until(() => one.tournament(ranked).players.get('ann')?.status === 'disqualified' && two.tournament(ranked).players.get('ann')?.status === 'disqualified');
      await sleep(300);
      const lift = { id: randomUUID(), type: 'SanctionLifted', data: { sanctionId: 's-ann', moderator: MODERATOR, reason: 'appeal upheld', at: 1 } };
      await store.appendToStream('sanctions-ann', [lift]);
      await until(() => one.tournament(ranked).players.get('ann')?.status === 'registered' && two.tournament(ranked).players.get('ann')?.status === 'registered');
      await sleep(300);
      // Then the tournament holds one disqualification and one reinstatement: the second server's command found the first's
      const types = (await store.readStream(`tournament-${ranked}`)).map((event) => event.type);
      expect(types.filter((type) => type === 'PlayerDisqualified')).toHaveLength(1);
      expect(types.filter((type) => type === 'PlayerReinstated')).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
      await store.close();
    }
  });
});
