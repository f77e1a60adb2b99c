import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Clock, type ServerSettings } from '@liars-dice/server-platform';
import { type AccountRef, matchStream } from '@liars-dice/game-match';
import { CreateMatchHandler } from './commands/match-command.handlers';
import { JoinMatchCommand, LeaveMatchCommand, StartMatchCommand } from './commands/match.commands';
import { MatchCatalog } from './match-catalog';
import { type CommandOutcome, MatchCommandRunner } from './match-command-runner';
import { MatchRepository } from './match-repository';
import { commitTimeOf } from './commit-times';
import { lobbyExpiresAt } from './lobby-expiry';
import { SeedVault } from './seed-vault';

const SETTINGS = { seedKey: 'ab'.repeat(32), commandRetries: 8 } as ServerSettings;
const alice: AccountRef = { id: 'a-alice', name: 'alice' };
const bob: AccountRef = { id: 'a-bob', name: 'bob' };
const plan = { ruleset: 'classic', options: { startingDice: 3 }, seats: [{ kind: 'human' }, { kind: 'human' }], ranked: false, kind: 'regular' } as const;

/** The value `read` gives once it gives one (the catalog follows the log a moment after the append). */
async function eventually<T>(read: () => T | undefined): Promise<T | undefined> {
  for (let tries = 0; tries < 200 && read() === undefined; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  return read();
}

/** One replica's repository and command runner over the shared store (its catalog is not started: not needed here). */
function replica(store: InMemoryEventStore) {
  const repository = new MatchRepository(store, new MatchCatalog(store));
  const vault = new SeedVault(SETTINGS);
  const runner = new MatchCommandRunner(repository, vault, new Clock(), SETTINGS);
  return { repository, runner, creator: new CreateMatchHandler(runner, vault, SETTINGS) };
}

describe('MatchRepository.find (the match query\'s read-your-writes)', () => {
  it('given a match this replica has folded, when another replica appends, then find answers the newer match having read only the events past its cached revision', async () => {
    // Given a match opened here, so folded and cached at its revision
    const store = new InMemoryEventStore();
    const here = replica(store);
    const { matchId, revision } = (await here.creator.execute({ host: alice, commandId: 'open', plan } as never)) as CommandOutcome & { matchId: string };
    // When another replica seats bob
    const there = replica(store);
    const join = new JoinMatchCommand(bob, 'join', matchId, null);
    const joined = await there.runner.run(join.target, join.asked());
    // Then this replica's find sees bob, from a read that started past what it had folded
    const reads = jest.spyOn(store, 'readStreamIfExists');
    const found = await here.repository.find(matchId);
    expect(found?.revision).toBe(joined.revision);
    expect(found?.table.seats.some((seat) => seat.holder?.id === bob.id)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[1]).toEqual({ fromRevision: revision + 1n });
    await store.close();
  });

  it('given a match another replica wrote, when this one reads it (find, and at a revision), then each record says when the store committed its last command, as the log\'s copy does', async () => {
    const store = new InMemoryEventStore();
    const there = replica(store);
    const { matchId } = (await there.creator.execute({ host: alice, commandId: 'open', plan } as never)) as CommandOutcome & { matchId: string };
    const join = new JoinMatchCommand(bob, 'join', matchId, null);
    const joined = await there.runner.run(join.target, join.asked());
    const events = await store.readStream(matchStream(matchId));
    const createdAt = (revision: bigint) => events.find((e) => e.revision === revision)?.created.getTime();

    const here = replica(store);
    const found = await here.repository.find(matchId);
    const opened = await here.repository.at(matchId, joined.revision - 1n);

    expect(commitTimeOf(found as NonNullable<typeof found>)).toBe(createdAt(joined.revision));
    expect(commitTimeOf(opened)).toBe(createdAt(joined.revision - 1n));
    await store.close();
  });

  it('given a lobby another replica opened for 2 minutes idle (ADR 0061), then this replica\'s catalog, fed by the log, and its reads count 2 minutes from their commit', async () => {
    const store = new InMemoryEventStore();
    const catalog = new MatchCatalog(store);
    catalog.onModuleInit();
    await catalog.ready();
    const there = replica(store);
    const idle = { ...plan, lobbyIdleSeconds: 120 };
    const { matchId } = (await there.creator.execute({ host: alice, commandId: 'open', plan: idle } as never)) as CommandOutcome & { matchId: string };

    const logged = await eventually(() => catalog.get(matchId));
    const found = await replica(store).repository.find(matchId);
    for (const record of [logged, found].map((r) => r as NonNullable<typeof r>)) {
      expect(record.table.lobbyIdleSeconds).toBe(120);
      expect(lobbyExpiresAt(record, { lobbyIdleSeconds: 1800, lobbyIdleMaxSeconds: 86_400 })).toBe(Math.ceil(commitTimeOf(record) as number) + 120_000);
    }
    await catalog.onApplicationShutdown();
    await store.close();
  });

  it('given no such match, then find is null and no StreamNotFoundError is built', async () => {
    const store = new InMemoryEventStore();
    const thrown = jest.spyOn(store, 'readStream');
    expect(await replica(store).repository.find('no-such-match')).toBeNull();
    expect(thrown).not.toHaveBeenCalled();
    await store.close();
  });
});

/** A ranked two-seat match that bob's forfeit ends, played on `on`; its id. */
async function finishedMatch(on: ReturnType<typeof replica>, n: number): Promise<string> {
  const ranked = { ...plan, ranked: true };
  const { matchId } = (await on.creator.execute({ host: alice, commandId: `open-${n}`, plan: ranked } as never)) as CommandOutcome & { matchId: string };
  const join = new JoinMatchCommand(bob, `join-${n}`, matchId, null);
  await on.runner.run(join.target, join.asked());
  const start = new StartMatchCommand(alice, `start-${n}`, matchId);
  await on.runner.run(start.target, start.asked());
  const leave = new LeaveMatchCommand({ matchId, commandId: `leave-${n}`, actor: { kind: 'account', ...bob } });
  await on.runner.run(leave.target, leave.asked());
  return matchId;
}

describe('MatchRepository: finished matches read again (docs/adr/0032, 0035)', () => {
  it('given 65 finished matches each read once, then the 64 read last are kept (read past their revision) and the first is read whole again', async () => {
    // Given 65 matches finished by another replica, each then read once here (a late move, a replay's query)
    const store = new InMemoryEventStore();
    const there = replica(store);
    const ids: string[] = [];
    for (let n = 0; n < 65; n++) ids.push(await finishedMatch(there, n));
    const here = replica(store).repository;
    for (const id of ids) expect((await here.find(id))?.game.status).toBe('finished');
    // When the first and the last are read again
    const reads = jest.spyOn(store, 'readStreamIfExists');
    const last = await here.find(ids[64] as string);
    const first = await here.find(ids[0] as string);
    // Then the last comes from the cache (only events past it were asked for), the first from the stream's start:
    // at most 64 finished records stay (each ~31 KiB of heap measured with the round views it keeps alive)
    expect(reads.mock.calls.map((call) => call[1])).toEqual([{ fromRevision: (last?.revision ?? 0n) + 1n }, { fromRevision: 'start' }]);
    expect(first?.game.status).toBe('finished');
    await store.close();
  });
});
