import { randomUUID } from 'node:crypto';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import type { LRUCache } from 'lru-cache';
import { Clock, type ServerSettings } from '@liars-dice/server-platform';
import { type AccountRef, type MatchRecord, matchStream, metadataFor } from '@liars-dice/game-match';
import { CreateMatchHandler } from './commands/match-command.handlers';
import { CallLiarCommand, JoinMatchCommand, type MatchCommand, PlaceBidCommand, StartMatchCommand } from './commands/match.commands';
import { MatchCatalog } from './match-catalog';
import { type CommandOutcome, MatchCommandRunner } from './match-command-runner';
import { MatchRepository } from './match-repository';
import { SeedVault } from './seed-vault';

const SETTINGS = { seedKey: 'cd'.repeat(32), commandRetries: 8 } as ServerSettings;
const alice: AccountRef = { id: 'a-alice', name: 'alice' };
const bob: AccountRef = { id: 'a-bob', name: 'bob' };

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

/** A casual heads-up classic match of three dice each, played to its end: open low, the other calls. */
async function playedToTheEnd(runner: MatchCommandRunner, creator: CreateMatchHandler): Promise<CommandOutcome> {
  const plan = { ruleset: 'classic', options: { startingDice: 3 }, seats: [{ kind: 'human' }, { kind: 'human' }], ranked: false, kind: 'regular' } as const;
  const { matchId } = (await creator.execute({ host: alice, commandId: 'open', plan } as never)) as CommandOutcome & { matchId: string };
  await runner.run(...asked(new JoinMatchCommand(bob, 'join', matchId, null)));
  let outcome = await runner.run(...asked(new StartMatchCommand(alice, 'start', matchId)));
  for (let step = 0; step < 40 && outcome.record?.game.status === 'bidding'; step++) {
    const game = outcome.record.game;
    const holder = outcome.record.table.seats.find((s) => s.seat === game.toAct)?.holder?.id === alice.id ? alice : bob;
    const target = { matchId, commandId: randomUUID(), actor: { kind: 'account', ...holder } as const };
    const command = game.round.bids.length === 0 ? new PlaceBidCommand(target, 1, 2) : new CallLiarCommand(target);
    outcome = await runner.run(...asked(command));
  }
  return outcome;
}

const asked = (command: MatchCommand) => [command.target, command.asked()] as const;

/** The names of the catalog's own maps and sets that hold `matchId` (as a key or a member). */
function collectionsHolding(catalog: MatchCatalog, matchId: string): string[] {
  return Object.entries(catalog).filter(([, value]) => (value instanceof Map || value instanceof Set) && value.has(matchId)).map(([name]) => name);
}

describe('the live catalog and the repository over a finished casual match', () => {
  it('given a casual match that finishes, then its last record is announced and both caches let it go; an event that still reaches it is folded again from the store', async () => {
    // Given
    const store = new InMemoryEventStore();
    const catalog = new MatchCatalog(store);
    catalog.onModuleInit();
    await catalog.ready();
    const repository = new MatchRepository(store, catalog);
    const vault = new SeedVault(SETTINGS);
    const runner = new MatchCommandRunner(repository, vault, new Clock(), SETTINGS);
    const heard: MatchRecord[] = [];
    catalog.changes$.subscribe((record) => heard.push(record));

    // When
    const finished = await playedToTheEnd(runner, new CreateMatchHandler(runner, vault, SETTINGS));
    const matchId = finished.record!.table.matchId;

    // Then the final record was announced, and neither cache keeps it
    expect(finished.record?.game.status).toBe('finished');
    await until(() => heard.some((r) => r.revision === finished.revision));
    expect(heard.at(-1)?.game.status).toBe('finished');
    expect(catalog.get(matchId)).toBeUndefined();
    expect(catalog.size).toBe(0);
    // and the catalog keeps nothing at all of it, not even its id (a per-match entry would grow for ever)
    expect(collectionsHolding(catalog, matchId)).toEqual([]);
    expect((repository as unknown as { cache: LRUCache<string, MatchRecord> }).cache.peek(matchId)).toBeUndefined();
    // and the repository still answers it from the store, whole
    expect((await repository.load(matchId)).game).toEqual(finished.record?.game);

    // When a later event reaches the finished match (as a moderation mark does)
    await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'LaterNote', data: {} }], { expectedRevision: finished.revision });
    // Then it is folded onto the whole match again, announced, and let go again
    await until(() => heard.some((r) => r.revision === finished.revision + 1n));
    expect(heard.at(-1)?.game).toEqual(finished.record?.game);
    expect(catalog.get(matchId)).toBeUndefined();
    expect(collectionsHolding(catalog, matchId)).toEqual([]);
    await catalog.onApplicationShutdown();
  });
});

describe('the repository over finished matches read again (a replay\'s `match` query)', () => {
  /** A replica's repository and runner over the store (no catalog following: not needed for reads). */
  function replicaOn(store: InMemoryEventStore) {
    const repository = new MatchRepository(store, new MatchCatalog(store));
    const vault = new SeedVault(SETTINGS);
    const runner = new MatchCommandRunner(repository, vault, new Clock(), SETTINGS);
    return { repository, runner, creator: new CreateMatchHandler(runner, vault, SETTINGS) };
  }
  const fromRevisions = (reads: jest.SpyInstance) => reads.mock.calls.map(([, options]) => (options as { fromRevision: unknown }).fromRevision);

  it('given a match that just finished here, then it is not kept; once read, each later read costs only the events past it', async () => {
    // Given a match played to its end on this replica
    const store = new InMemoryEventStore();
    const { repository, runner, creator } = replicaOn(store);
    const finished = await playedToTheEnd(runner, creator);
    const matchId = finished.record!.table.matchId;
    const reads = jest.spyOn(store, 'readStreamIfExists');

    // When the replay asks for it three times
    const first = await repository.load(matchId);
    const again = [await repository.load(matchId), await repository.load(matchId)];

    // Then the first read is the whole stream (the write path kept nothing), the others only what is past it
    expect(fromRevisions(reads)).toEqual(['start', finished.revision + 1n, finished.revision + 1n]);
    expect(first.game).toEqual(finished.record?.game);
    expect(again).toEqual([first, first]);
    await store.close();
  });

  it('given a finished match cached on this replica, when moderation on another replica marks it, then the next read here has the mark', async () => {
    // Given a finished match this replica has read (so cached)
    const store = new InMemoryEventStore();
    const here = replicaOn(store);
    const finished = await playedToTheEnd(here.runner, here.creator);
    const matchId = finished.record!.table.matchId;
    await here.repository.load(matchId);

    // When another replica's moderation appends its mark under a command id (as MatchMarks does)
    const [metadata] = metadataFor({ commandId: 'void-d1', actor: { kind: 'account', id: 'a-mia', name: 'mia' }, at: 1, command: 'Moderation', request: {} }, 1);
    await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'MatchVoided', data: { disputeId: 'd1', reason: 'collusion' }, metadata }], { expectedRevision: finished.revision });

    // Then this replica's next read is at the new revision and knows the mark's command id
    const marked = await here.repository.load(matchId);
    expect(marked.revision).toBe(finished.revision + 1n);
    expect(marked.commands.get('void-d1')?.revision).toBe(finished.revision + 1n);
    expect(marked.game).toEqual(finished.record?.game);
    await store.close();
  });
});
