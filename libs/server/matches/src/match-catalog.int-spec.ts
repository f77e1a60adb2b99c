import { randomUUID } from 'node:crypto';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Clock, type ServerSettings } from '@liars-dice/server-platform';
import { type AccountRef, type MatchRecord, matchStream } from '@liars-dice/game-match';
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
    const finished = await playedToTheEnd(runner, new CreateMatchHandler(runner, vault));
    const matchId = finished.record!.table.matchId;

    // Then the final record was announced, and neither cache keeps it
    expect(finished.record?.game.status).toBe('finished');
    await until(() => heard.some((r) => r.revision === finished.revision));
    expect(heard.at(-1)?.game.status).toBe('finished');
    expect(catalog.get(matchId)).toBeUndefined();
    expect(catalog.size).toBe(0);
    expect((repository as unknown as { cache: Map<string, MatchRecord> }).cache.has(matchId)).toBe(false);
    // and the repository still answers it from the store, whole
    expect((await repository.load(matchId)).game).toEqual(finished.record?.game);

    // When a later event reaches the finished match (as a moderation mark does)
    await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'LaterNote', data: {} }], { expectedRevision: finished.revision });
    // Then it is folded onto the whole match again, announced, and let go again
    await until(() => heard.some((r) => r.revision === finished.revision + 1n));
    expect(heard.at(-1)?.game).toEqual(finished.record?.game);
    expect(catalog.get(matchId)).toBeUndefined();
    await catalog.onApplicationShutdown();
  });
});
