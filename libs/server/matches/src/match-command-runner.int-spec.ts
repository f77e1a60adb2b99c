import type { EventStore, Subscription, SubscriptionMessage } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import { isRuleViolation } from '@liars-dice/game-rules';
import type { AccountRef } from '@liars-dice/game-match';
import { CreateMatchHandler } from './commands/match-command.handlers';
import { CallLiarCommand, type CommandTarget, ExpireLobbyCommand, JoinMatchCommand, type MatchCommand, PlaceBidCommand, StartMatchCommand } from './commands/match.commands';
import { MatchCatalog } from './match-catalog';
import { type CommandOutcome, MatchCommandRunner } from './match-command-runner';
import { MatchReader } from './match-reader';
import { MatchRepository } from './match-repository';
import { sharedView, viewMatch } from './match-views';
import { SeedVault } from './seed-vault';

const SETTINGS = { seedKey: 'ab'.repeat(32), commandRetries: 8, lobbyIdleSeconds: 1800, lobbyIdleMaxSeconds: 86_400 } as ServerSettings;
/** Lobbies expire after a minute idle: what the lobby timer's ExpireLobby carries. */
const IDLE_60 = { lobbyIdleSeconds: 60, lobbyIdleMaxSeconds: 86_400 };
const alice: AccountRef = { id: 'a-alice', name: 'alice' };
const bob: AccountRef = { id: 'a-bob', name: 'bob' };
const account = (ref: AccountRef) => ({ kind: 'account', ...ref }) as const;

/** One API replica's write side on a shared store: its own caches (repository, catalog), the shared key. */
class Replica {
  readonly repository: MatchRepository;
  readonly runner: MatchCommandRunner;
  private readonly creator: CreateMatchHandler;

  /** `log`: where its live catalog follows the store from (a slower copy of it, to show a lagging replica). */
  constructor(
    store: InMemoryEventStore,
    readonly catalog = new MatchCatalog(store),
  ) {
    this.repository = new MatchRepository(store, catalog);
    const vault = new SeedVault(SETTINGS);
    this.runner = new MatchCommandRunner(this.repository, vault, new Clock(), SETTINGS);
    this.creator = new CreateMatchHandler(this.runner, vault, SETTINGS);
  }

  create(commandId: string, second: 'human' | 'cpu' = 'human'): Promise<CommandOutcome> {
    const plan = { ruleset: 'perudo', options: {}, seats: [{ kind: 'human' }, { kind: second }], ranked: false, kind: 'regular' } as const;
    return this.creator.execute({ host: alice, commandId, plan } as never);
  }

  send(command: MatchCommand): Promise<CommandOutcome> {
    return this.runner.run(command.target, command.asked());
  }
}

async function refusalOf(outcome: Promise<unknown>): Promise<string | null> {
  try {
    await outcome;
    return null;
  } catch (error) {
    if (error instanceof Refusal || isRuleViolation(error)) return error.code;
    throw error;
  }
}

/** The store, with its subscriptions delivering only while the gate is open (a replica whose log lags). */
function gatedLog(store: InMemoryEventStore): { log: EventStore; hold(): void; release(): void } {
  let open: Promise<void> = Promise.resolve();
  let release = () => undefined as void;
  const log = Object.create(store) as EventStore;
  log.subscribeToAll = (options) => {
    const inner = store.subscribeToAll(options);
    async function* gated(): AsyncGenerator<SubscriptionMessage> {
      for await (const message of inner) {
        await open;
        yield message;
      }
    }
    return { [Symbol.asyncIterator]: gated, close: () => inner.close() } as Subscription;
  };
  return {
    log,
    hold: () => void (open = new Promise((resolve) => (release = resolve))),
    release: () => release(),
  };
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

/** A started two-player match both replicas have folded at its first revision (their caches then go stale). */
async function startedOnBoth(): Promise<{ a: Replica; b: Replica; matchId: string; onTurn: AccountRef; other: AccountRef; revision: bigint }> {
  const store = new InMemoryEventStore();
  const [a, b] = [new Replica(store), new Replica(store)];
  const { matchId } = await a.create('open-1');
  await b.repository.load(matchId);
  await a.send(new JoinMatchCommand(bob, 'join-1', matchId, null));
  const started = await a.send(new StartMatchCommand(alice, 'start-1', matchId));
  await b.repository.load(matchId);
  const toAct = started.record?.game.status === 'bidding' ? started.record.game.toAct : null;
  const onTurn = started.record?.table.seats.find((s) => s.seat === toAct)?.holder?.id === alice.id ? alice : bob;
  return { a, b, matchId, onTurn, other: onTurn === alice ? bob : alice, revision: started.revision };
}

describe('the command runner on replicas sharing one store', () => {
  it('given a replica whose copy of the match is older than the store, when a command valid now reaches it, then it is accepted, not refused on the old copy', async () => {
    const { a, b, matchId, onTurn, other } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    // B's copy still says `onTurn` must act; the store says it is `other`'s turn.
    const called = b.send(new CallLiarCommand({ matchId, commandId: 'liar-1', actor: account(other) }));
    expect(await refusalOf(called)).toBeNull();
  });

  it('given a refusal that the store confirms, then it stands (decided again on the latest events)', async () => {
    const { a, b, matchId, onTurn } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    expect(await refusalOf(b.send(new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(onTurn) }, 2, 3)))).toBe('NOT_YOUR_TURN');
  });

  it('given a command acknowledged by one replica, when it is retried through the other (whose copy says it is not that player\'s turn), then the first result comes back and nothing is appended', async () => {
    const { a, b, matchId, onTurn, other } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    const reply = () => new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(other) }, 2, 3);
    const first = await a.send(reply());
    const retried = await b.send(reply());
    expect(retried).toMatchObject({ revision: first.revision, repeated: true });
    expect((await b.repository.load(matchId)).revision).toBe(first.revision);
  });

  it('given two replicas playing the same CPU seat\'s move at once, then one appends it and the other is fenced by the expected revision', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [new Replica(store), new Replica(store)];
    const { matchId } = await a.create('open-cpu', 'cpu');
    let waiting = await a.send(new StartMatchCommand(alice, 'start-cpu', matchId));
    if (waiting.record?.game.status === 'bidding' && waiting.record.game.toAct === 's1') {
      waiting = await a.send(new PlaceBidCommand({ matchId, commandId: 'alice-opens', actor: account(alice) }, 1, 3));
    }
    const revision = waiting.revision;
    await b.repository.load(matchId);
    const machine = (): CommandTarget => ({ matchId, commandId: `cpu:${revision}`, actor: { kind: 'cpu', seat: 's2' }, seenRevision: revision });
    const outcomes = await Promise.all([a, b].map((replica) => replica.send(new PlaceBidCommand(machine(), 5, 6))));
    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect(outcomes.map((o) => o.revision)).toEqual([outcomes[0]?.revision, outcomes[0]?.revision]);
    // A third copy finds the move in the stream before deciding; one chosen at a revision long gone does nothing.
    expect((await a.send(new PlaceBidCommand(machine(), 5, 6))).fenced).toBe('already-done');
    expect((await b.send(new PlaceBidCommand({ ...machine(), commandId: 'cpu:old', seenRevision: revision - 1n }, 5, 6))).fenced).toBe('moved-on');
  });

  it('given two replicas expiring the same idle lobby at once (each read the commit time a little apart), then one closes it, the other is fenced; an expiry armed before a join does nothing', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [new Replica(store), new Replica(store)];
    const { matchId, revision } = await a.create('open-idle');
    await b.repository.load(matchId);
    const long = Date.now() - 120_000;
    const outcomes = await Promise.all([a.send(new ExpireLobbyCommand(matchId, revision, long, IDLE_60)), b.send(new ExpireLobbyCommand(matchId, revision, long + 3, IDLE_60))]);
    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect((await a.repository.load(matchId)).table.closing).toEqual({ reason: 'expired', idleSince: expect.any(Number), idleSeconds: 60 });
    expect((await b.send(new ExpireLobbyCommand(matchId, revision, long, IDLE_60))).fenced).toBe('already-done');

    const other = await a.create('open-joined');
    await a.send(new JoinMatchCommand(bob, 'join-idle', other.matchId, null));
    expect((await b.send(new ExpireLobbyCommand(other.matchId, other.revision, long, IDLE_60))).fenced).toBe('moved-on');
    expect((await a.repository.load(other.matchId)).table.status).toBe('lobby');
  });

  it('given commands this replica appended, when its catalog follows the log, then it keeps the records the commands folded (not folding the events again), as the other replica folds them from the log', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [new Replica(store), new Replica(store)];
    for (const replica of [a, b]) replica.catalog.onModuleInit();
    await Promise.all([a.catalog.ready(), b.catalog.ready()]);
    const { matchId } = await a.create('open-fold');
    const joined = await a.send(new JoinMatchCommand(bob, 'join-fold', matchId, null));
    // Only a command folded onto the record the catalog holds is taken: let it catch up first.
    await until(() => a.catalog.get(matchId)?.revision === joined.revision);
    // Starting appends a batch (the start, then the house's rolls): the catalog takes the record at its end.
    const started = await a.send(new StartMatchCommand(alice, 'start-fold', matchId));
    await until(() => [a, b].every((replica) => replica.catalog.get(matchId)?.revision === started.revision));
    const [mine, theirs] = [a, b].map((replica) => replica.catalog.get(matchId));
    expect(mine).toBe(started.record);
    const { table, game, revision, seed, sealedSeed } = mine ?? ({} as never);
    expect(theirs).toMatchObject({ table, game, revision, seed, sealedSeed });
    expect(theirs?.commands.get('start-fold')).toEqual(mine?.commands.get('start-fold'));
    await Promise.all([a, b].map((replica) => replica.catalog.onApplicationShutdown()));
  });

  it('given a subscriber on a replica whose log lags, when it appends a command on top of another replica\'s, then the subscriber hears both, in order, not only its own', async () => {
    const store = new InMemoryEventStore();
    const gate = gatedLog(store);
    const [a, b] = [new Replica(store), new Replica(store, new MatchCatalog(gate.log))];
    b.catalog.onModuleInit();
    await b.catalog.ready();
    const { matchId } = await a.create('open-pushes');
    await a.send(new JoinMatchCommand(bob, 'join-pushes', matchId, null));
    const started = await a.send(new StartMatchCommand(alice, 'start-pushes', matchId));
    await until(() => b.catalog.get(matchId)?.revision === started.revision);
    const toAct = started.record?.game.status === 'bidding' ? started.record.game.toAct : null;
    const onTurn = started.record?.table.seats.find((s) => s.seat === toAct)?.holder?.id === alice.id ? alice : bob;
    const heard: bigint[] = [];
    b.catalog.changesOf(matchId).subscribe((record) => heard.push(record.revision));

    gate.hold();
    const bid = await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-pushes', actor: account(onTurn) }, 1, 3));
    const called = await b.send(new CallLiarCommand({ matchId, commandId: 'liar-pushes', actor: account(onTurn === alice ? bob : alice) }));
    // B's own append would come first and hide A's bid from its subscriber: it waits for the log instead.
    expect(heard).toEqual([]);
    gate.release();
    await until(() => b.catalog.get(matchId)?.revision === called.revision);
    expect(heard).toEqual([bid.revision, called.revision]);
    await b.catalog.onApplicationShutdown();
  });
});

describe("a command's reply and its live push", () => {
  it('given a command acknowledged here, when its caller and another seat ask for the view after it, then each gets exactly viewMatch of its own seat, the caller the very view a push at that seat built', async () => {
    const { a, onTurn, other, matchId } = await startedOnBoth();
    const outcome = await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    const record = outcome.record as NonNullable<CommandOutcome['record']>;
    const pushed = sharedView(record, onTurn, SETTINGS);

    const reader = new MatchReader(a.repository, SETTINGS);
    const reply = await reader.afterCommand(outcome, onTurn);
    const theirs = await reader.afterCommand(outcome, other);

    expect(reply).toBe(pushed);
    expect(reply).toEqual(viewMatch(record, onTurn, SETTINGS));
    expect(theirs).toEqual(viewMatch(record, other, SETTINGS));
    expect(theirs.me).not.toBe(reply.me);
  });
});
