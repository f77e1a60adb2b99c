import { randomUUID } from 'node:crypto';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { type MatchRecord, matchStream, metadataFor } from '@liars-dice/game-match';
import {
  JoinMatchCommand,
  LeaveMatchCommand,
  PlaceBidCommand,
  StartMatchCommand,
} from './commands/match.commands';
import { commitTimeOf } from './commit-times';
import { lobbyExpiresAt } from './lobby-expiry';
import {
  ALICE as alice,
  BOB as bob,
  HEADS_UP,
  type MatchReplica,
  onTurn,
  playedToTheEnd,
  replicasOfEachTest,
  until,
} from './testing/match-replica';

const replicaOn = replicasOfEachTest();

/** What a replica's LiveMatches announced: every record to `changes$`, and to the watchers of one match. */
function listening(replica: MatchReplica, matchId: string): { changes: bigint[]; watched: MatchRecord[] } {
  const heard = { changes: [] as bigint[], watched: [] as MatchRecord[] };
  replica.matches.changes$.subscribe((record) => heard.changes.push(record.revision));
  replica.matches.watch(matchId, { next: (record) => heard.watched.push(record), complete: () => undefined });
  return heard;
}

/** The store, its acknowledgements held back `ms`: the log brings a command before its writer hears it was taken. */
function slowAcknowledgements(store: InMemoryEventStore, ms: number): EventStore {
  const slow = Object.create(store) as EventStore;
  slow.appendToStream = async (...args) => {
    const result = await store.appendToStream(...args);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return result;
  };
  return slow;
}

/** The names of LiveMatches' own maps, sets and caches that hold `matchId`. */
function collectionsHolding(owner: object, matchId: string): string[] {
  return Object.entries(owner)
    .filter(
      ([, value]) =>
        value !== null &&
        typeof value === 'object' &&
        typeof (value as Map<string, unknown>).has === 'function' &&
        (value as Map<string, unknown>).has(matchId),
    )
    .map(([name]) => name);
}

describe("LiveMatches: this process's commands", () => {
  it("given a command acknowledged here, then its record is held and announced before the reply, and the log's copy of it is passed over", async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const { matchId, revision } = await here.create(alice, 'open');
    const heard = listening(here, matchId);

    const joined = await here.send(new JoinMatchCommand(bob, 'join', matchId, null));

    expect(here.matches.get(matchId)).toBe(joined.record);
    expect(heard.watched).toEqual([joined.record]);
    expect(heard.changes).toEqual([joined.revision]);
    // The log brings the join's event too: nothing is folded or announced a second time.
    const started = await here.send(new StartMatchCommand(alice, 'start', matchId));
    await until(() => here.matches.progress().position !== null && heard.changes.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard.changes).toEqual([revision + 1n, started.revision]);
    expect(heard.watched.map((record) => record.revision)).toEqual(heard.changes);
    expect(here.matches.get(matchId)).toBe(started.record);
  });

  it('given the log brings a command before its writer hears the store took it (as EventStoreDB may), then the record the log folded answers the command and names this replica as its writer', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(slowAcknowledgements(store, 40), store);
    const { matchId } = await here.create(alice, 'open');
    const heard = listening(here, matchId);

    const joined = await here.send(new JoinMatchCommand(bob, 'join', matchId, null));

    const held = here.matches.get(matchId) as MatchRecord;
    expect(joined.record).toBe(held);
    expect(held.writer).toBe(here.matches.replica);
    expect(here.matches.wroteLast(held)).toBe(true);
    expect(heard.changes).toEqual([joined.revision]);
  });
});

describe('LiveMatches: matches that are over', () => {
  it('given a casual match that finishes, then its last record is announced and let go; a later event is read from the store, nothing holds it', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const finishedAt: bigint[] = [];
    here.matches.changes$.subscribe((record) => {
      if (record.game.status === 'finished') finishedAt.push(record.revision);
    });

    const finished = (await playedToTheEnd(here)).at(-1)?.record as MatchRecord;
    const matchId = finished.table.matchId;

    expect(finished.game.status).toBe('finished');
    expect(finishedAt).toEqual([finished.revision]);
    expect(here.matches.get(matchId)).toBeUndefined();
    expect(here.matches.size).toBe(0);
    expect(collectionsHolding(here.matches, matchId)).toEqual([]);
    // When a later event reaches it (a moderator's mark), the log passes it by and a read has it
    await store.appendToStream(matchStream(matchId), [{ id: randomUUID(), type: 'LaterNote', data: {} }], {
      expectedRevision: finished.revision,
    });
    await until(() => here.matches.progress().position !== null);
    expect(collectionsHolding(here.matches, matchId)).toEqual([]);
    const read = await here.matches.load(matchId);
    expect(read.revision).toBe(finished.revision + 1n);
    expect(read.game).toEqual(finished.game);
  });

  it('given a match that just finished here, then it is not kept; once read, each later read costs only the events past it', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const finished = (await playedToTheEnd(here)).at(-1)?.record as MatchRecord;
    const matchId = finished.table.matchId;
    const reads = jest.spyOn(store, 'readStreamIfExists');

    const first = await here.matches.load(matchId);
    const again = [await here.matches.load(matchId), await here.matches.load(matchId)];

    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([
      'start',
      finished.revision + 1n,
      finished.revision + 1n,
    ]);
    expect(first.game).toEqual(finished.game);
    expect(again).toEqual([first, first]);
  });

  it('given a finished match read here, when moderation on another replica marks it, then the log brings the copy up to date and the next read has the mark', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const finished = (await playedToTheEnd(here)).at(-1)?.record as MatchRecord;
    const matchId = finished.table.matchId;
    await here.matches.load(matchId);

    const [metadata] = metadataFor(
      {
        commandId: 'void-d1',
        actor: { kind: 'account', id: 'a-mia', name: 'mia' },
        at: 1,
        command: 'Moderation',
        request: {},
      },
      1,
    );
    await store.appendToStream(
      matchStream(matchId),
      [{ id: randomUUID(), type: 'MatchVoided', data: { disputeId: 'd1', reason: 'collusion' }, metadata }],
      { expectedRevision: finished.revision },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads = jest.spyOn(store, 'readStreamIfExists');
    const marked = await here.matches.load(matchId);

    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([finished.revision + 2n]);
    expect(marked.revision).toBe(finished.revision + 1n);
    expect(marked.commands.get('void-d1')?.revision).toBe(finished.revision + 1n);
    expect(marked.game).toEqual(finished.game);
  });

  it('given 65 finished matches each read once, then the 64 read last are kept (read past their revision) and the first is read whole again', async () => {
    const store = new InMemoryEventStore();
    const there = await replicaOn(store, new InMemoryEventStore());
    const ids: string[] = [];
    for (let n = 0; n < 65; n++) {
      const { matchId } = await there.create(alice, `open-${n}`, { ...HEADS_UP, ranked: true });
      await there.send(new JoinMatchCommand(bob, `join-${n}`, matchId, null));
      await there.send(new StartMatchCommand(alice, `start-${n}`, matchId));
      await there.send(
        new LeaveMatchCommand({ matchId, commandId: `leave-${n}`, actor: { kind: 'account', ...bob } }),
      );
      ids.push(matchId);
    }
    const here = (await replicaOn(store, new InMemoryEventStore())).matches;
    for (const id of ids) expect((await here.read(id))?.game.status).toBe('finished');

    const reads = jest.spyOn(store, 'readStreamIfExists');
    const last = await here.read(ids[64] as string);
    const first = await here.read(ids[0] as string);

    // At most 64 finished records stay: the last one read goes on from its revision, the first from the start.
    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([
      (last?.revision ?? 0n) + 1n,
      'start',
    ]);
    expect(first?.game.status).toBe('finished');
  });
});

describe("LiveMatches: reads (the match query's read-your-writes)", () => {
  it('given a match held here, when another replica appends and this one has not heard it, then a read answers the newer match having read only the events past the one held', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store, new InMemoryEventStore());
    const { matchId, revision } = await here.create(alice, 'open');
    const there = await replicaOn(store, new InMemoryEventStore());
    const joined = await there.send(new JoinMatchCommand(bob, 'join', matchId, null));
    const reads = jest.spyOn(store, 'readStreamIfExists');

    const found = await here.matches.read(matchId);

    expect(found?.revision).toBe(joined.revision);
    expect(found?.table.seats.some((seat) => seat.holder?.id === bob.id)).toBe(true);
    expect(reads.mock.calls.map(([, options]) => options?.fromRevision)).toEqual([revision + 1n]);
    // The record held moves only with the log, which announces every command in order.
    expect(here.matches.get(matchId)?.revision).toBe(revision);
  });

  it("given a match another replica wrote, when this one reads it (now, and at a revision), then each record says when the store committed its last command, as the log's copy does", async () => {
    const store = new InMemoryEventStore();
    const there = await replicaOn(store, new InMemoryEventStore());
    const { matchId } = await there.create(alice, 'open');
    const joined = await there.send(new JoinMatchCommand(bob, 'join', matchId, null));
    const events = await store.readStream(matchStream(matchId));
    const createdAt = (revision: bigint) => events.find((e) => e.revision === revision)?.created.getTime();

    const here = await replicaOn(store, new InMemoryEventStore());
    const found = await here.matches.read(matchId);
    const opened = await here.matches.at(matchId, joined.revision - 1n);

    expect(commitTimeOf(found as MatchRecord)).toBe(createdAt(joined.revision));
    expect(commitTimeOf(opened)).toBe(createdAt(joined.revision - 1n));
  });

  it('given a lobby another replica opened for 2 minutes idle (ADR 0061), then what this replica holds from the log and what it reads count 2 minutes from their commit', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const there = await replicaOn(store, new InMemoryEventStore());
    const { matchId } = await there.create(alice, 'open', { ...HEADS_UP, lobbyIdleSeconds: 120 });

    await until(() => here.matches.get(matchId) !== undefined);
    const found = await (await replicaOn(store, new InMemoryEventStore())).matches.read(matchId);
    for (const record of [here.matches.get(matchId), found].map((r) => r as MatchRecord)) {
      expect(record.table.lobbyIdleSeconds).toBe(120);
      expect(record.writer).toBe(there.matches.replica);
      expect(lobbyExpiresAt(record, { lobbyIdleSeconds: 1800, lobbyIdleMaxSeconds: 86_400 })).toBe(
        Math.ceil(commitTimeOf(record) as number) + 120_000,
      );
    }
  });

  it('given no such match, then a read is null and no StreamNotFoundError is built', async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const thrown = jest.spyOn(store, 'readStream');
    expect(await here.matches.read('no-such-match')).toBeNull();
    expect(thrown).not.toHaveBeenCalled();
  });

  it("given a bid on a match held here, then the reply's record is the one held (the loop decided on it, no read)", async () => {
    const store = new InMemoryEventStore();
    const here = await replicaOn(store);
    const { matchId } = await here.create(alice, 'open');
    await here.send(new JoinMatchCommand(bob, 'join', matchId, null));
    const started = await here.send(new StartMatchCommand(alice, 'start', matchId));
    const reads = jest.spyOn(store, 'readStreamIfExists');

    const bid = await here.send(
      new PlaceBidCommand(
        { matchId, commandId: 'bid', actor: { kind: 'account', ...onTurn(started.record) } },
        1,
        3,
      ),
    );

    expect(reads).not.toHaveBeenCalled();
    expect(here.matches.get(matchId)).toBe(bid.record);
  });
});
