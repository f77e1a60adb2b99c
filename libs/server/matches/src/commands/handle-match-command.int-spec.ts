import type { EventStore, Subscription, SubscriptionMessage } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Refusal } from '@liars-dice/server-platform';
import { isRuleViolation } from '@liars-dice/game-rules';
import type { AccountRef, MatchRecord } from '@liars-dice/game-match';
import { ALICE as alice, BOB as bob, type MatchReplica, onTurn, replicasOfEachTest, until } from '../testing/match-replica';
import {
  CallLiarCommand,
  type CommandTarget,
  ExpireLobbyCommand,
  JoinMatchCommand,
  PlaceBidCommand,
  StartMatchCommand,
} from './match.commands';

/** Lobbies expire after a minute idle: what the lobby timer's ExpireLobby carries. */
const IDLE_60 = { lobbyIdleSeconds: 60, lobbyIdleMaxSeconds: 86_400 };
const account = (ref: AccountRef) => ({ kind: 'account', ...ref }) as const;
const replicaOn = replicasOfEachTest();

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

/** A started two-player match both replicas hold at its start; B's log then stops (its copy goes stale). */
async function startedOnBoth(): Promise<{
  a: MatchReplica;
  b: MatchReplica;
  matchId: string;
  onTurn: AccountRef;
  other: AccountRef;
  release: () => void;
}> {
  const store = new InMemoryEventStore();
  const gate = gatedLog(store);
  const [a, b] = [await replicaOn(store), await replicaOn(store, gate.log)];
  const { matchId } = await a.create(alice, 'open-1');
  await a.send(new JoinMatchCommand(bob, 'join-1', matchId, null));
  const started = await a.send(new StartMatchCommand(alice, 'start-1', matchId));
  await until(() => b.matches.get(matchId)?.revision === started.revision);
  gate.hold();
  const first = onTurn(started.record);
  return { a, b, matchId, onTurn: first, other: first === alice ? bob : alice, release: gate.release };
}

describe('the match command loop on replicas sharing one store', () => {
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
    expect(
      await refusalOf(
        b.send(new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(onTurn) }, 2, 3)),
      ),
    ).toBe('NOT_YOUR_TURN');
  });

  it("given a command acknowledged by one replica, when it is retried through the other (whose copy says it is not that player's turn), then the first result comes back and nothing is appended", async () => {
    const { a, b, matchId, onTurn, other } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    const reply = () => new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(other) }, 2, 3);
    const first = await a.send(reply());
    const retried = await b.send(reply());
    expect(retried).toMatchObject({ revision: first.revision, repeated: true });
    expect((await b.matches.load(matchId)).revision).toBe(first.revision);
  });

  it("given two replicas playing the same CPU seat's move at once, then one appends it and the other is fenced by the expected revision", async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [await replicaOn(store), await replicaOn(store)];
    const { matchId } = await a.create(alice, 'open-cpu', {
      ruleset: 'perudo',
      options: {},
      seats: [{ kind: 'human' }, { kind: 'cpu' }],
      ranked: false,
      kind: 'regular',
    });
    let waiting = await a.send(new StartMatchCommand(alice, 'start-cpu', matchId));
    if (waiting.record?.game.status === 'bidding' && waiting.record.game.toAct === 's1') {
      waiting = await a.send(
        new PlaceBidCommand({ matchId, commandId: 'alice-opens', actor: account(alice) }, 1, 3),
      );
    }
    const revision = waiting.revision;
    await until(() => b.matches.get(matchId)?.revision === revision);
    const machine = (): CommandTarget => ({
      matchId,
      commandId: `cpu:${revision}`,
      actor: { kind: 'cpu', seat: 's2' },
      seenRevision: revision,
    });
    const outcomes = await Promise.all(
      [a, b].map((replica) => replica.send(new PlaceBidCommand(machine(), 5, 6))),
    );
    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect(outcomes.map((o) => o.revision)).toEqual([outcomes[0]?.revision, outcomes[0]?.revision]);
    // A third copy finds the move in the stream before deciding; one chosen at a revision long gone does nothing.
    expect((await a.send(new PlaceBidCommand(machine(), 5, 6))).fenced).toBe('already-done');
    expect(
      (
        await b.send(
          new PlaceBidCommand({ ...machine(), commandId: 'cpu:old', seenRevision: revision - 1n }, 5, 6),
        )
      ).fenced,
    ).toBe('moved-on');
  });

  it('given two replicas expiring the same idle lobby at once (each read the commit time a little apart), then one closes it, the other is fenced; an expiry armed before a join does nothing', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [await replicaOn(store), await replicaOn(store)];
    const { matchId, revision } = await a.create(alice, 'open-idle');
    await until(() => b.matches.get(matchId)?.revision === revision);
    const long = Date.now() - 120_000;
    const outcomes = await Promise.all([
      a.send(new ExpireLobbyCommand(matchId, revision, long, IDLE_60)),
      b.send(new ExpireLobbyCommand(matchId, revision, long + 3, IDLE_60)),
    ]);
    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect((await a.matches.load(matchId)).table.closing).toEqual({
      reason: 'expired',
      idleSince: expect.any(Number),
      idleSeconds: 60,
    });
    expect((await b.send(new ExpireLobbyCommand(matchId, revision, long, IDLE_60))).fenced).toBe(
      'already-done',
    );

    const other = await a.create(alice, 'open-joined');
    const joined = await a.send(new JoinMatchCommand(bob, 'join-idle', other.matchId, null));
    await until(() => b.matches.get(other.matchId)?.revision === joined.revision);
    expect((await b.send(new ExpireLobbyCommand(other.matchId, other.revision, long, IDLE_60))).fenced).toBe(
      'moved-on',
    );
    expect((await a.matches.load(other.matchId)).table.status).toBe('lobby');
  });

  it("given a subscriber on a replica whose log lags, when it appends a command on top of another replica's, then the subscriber hears both, in order, not only its own", async () => {
    const { a, b, matchId, onTurn, other, release } = await startedOnBoth();
    const heard: bigint[] = [];
    b.matches.watch(matchId, { next: (record) => heard.push(record.revision), complete: () => undefined });

    const bid = await a.send(
      new PlaceBidCommand({ matchId, commandId: 'bid-pushes', actor: account(onTurn) }, 1, 3),
    );
    const called = await b.send(
      new CallLiarCommand({ matchId, commandId: 'liar-pushes', actor: account(other) }),
    );
    // B's own append would come first and hide A's bid from its subscriber: the log tells both instead.
    expect(heard).toEqual([]);
    release();
    await until(() => b.matches.get(matchId)?.revision === called.revision);
    expect(heard).toEqual([bid.revision, called.revision]);
  });
});

describe('who plays a match next: the replica that wrote its last command (the record names it)', () => {
  it('given commands one replica appended, then both replicas hold the match with that replica as its writer, and only that one wrote it last', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [await replicaOn(store), await replicaOn(store)];
    const { matchId } = await a.create(alice, 'open-fold');
    await a.send(new JoinMatchCommand(bob, 'join-fold', matchId, null));
    // Starting appends a batch (the start, then the house's rolls): both hold the record at its end.
    const started = await a.send(new StartMatchCommand(alice, 'start-fold', matchId));
    await until(() => [a, b].every((replica) => replica.matches.get(matchId)?.revision === started.revision));
    const [mine, theirs] = [a, b].map((replica) => replica.matches.get(matchId)) as [
      MatchRecord,
      MatchRecord,
    ];

    expect(mine).toBe(started.record);
    const { table, game, revision, seed, sealedSeed, writer } = mine;
    expect(theirs).toMatchObject({ table, game, revision, seed, sealedSeed, writer });
    expect(theirs.commands.get('start-fold')).toEqual(mine.commands.get('start-fold'));
    expect(writer).toBe(a.matches.replica);
    expect([a.matches.wroteLast(mine), b.matches.wroteLast(theirs)]).toEqual([true, false]);
  });
});
