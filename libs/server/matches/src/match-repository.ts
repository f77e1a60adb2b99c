import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, RecordedEvent } from '@liars-dice/event-store-port';
import { foldRecorded, type MatchRecord, matchStream } from '@liars-dice/game-match';
import { MatchCatalog } from './match-catalog';
import { preciseNow, stampCommit } from './commit-times';

/**
 * At most this many folded records (the least recently folded leave first). Only matches still in play are
 * kept (finished ones leave at once, see `remember`), so this is a safety net above the matches in play, not
 * the working bound: 5,000 is five times the 1,000 live tables one replica is sized for.
 */
const CACHE_LIMIT = 5000;

/**
 * Finished matches read again (a replay's or a moderator's `match` query, a late subscriber, a move sent just
 * after the end), kept apart from the matches in play and only once read: the write path never fills it, so a
 * server that only plays keeps no finished match. Bounded by count and by an estimate of their heap
 * (`estimatedBytes`), the least recently read leaving first (docs/adr/0032).
 *
 * 64, not 200 (docs/adr/0035): at 1,000 tables ~16 finished matches a minute are read again (moves that arrive
 * after the end), so 200 took ~12 minutes to fill: the whole soak. A heap snapshot measured 31 KiB per cached
 * record (1.78 MiB for 57, with the round views they keep alive in match-views' WeakMap), ~6 MiB at 200, and each
 * MiB of live data the main thread gains costs it several of committed heap. 64 records (~2 MiB) fill in ~4
 * minutes and still hold every match a replay or a moderator is reading.
 */
const FINISHED_CACHE_LIMITS = { max: 64, maxSize: 3 * 1024 * 1024, sizeCalculation: estimatedBytes };

/** Heap per event of a folded finished match: 256–276 bytes measured for 2–6 seats (ADR 0032), rounded up. */
const BYTES_PER_EVENT = 300;

/** What one folded record holds on the heap, estimated from its events (a 6-seat perudo match: ~290 events, ~87 KB). */
function estimatedBytes(record: MatchRecord): number {
  return Number(record.revision + 1n) * BYTES_PER_EVENT;
}

/**
 * Reads and folds `match-<id>` streams. Streams only grow, so a folded record is kept and only the events
 * after its revision are read next time: the store stays the authority, the cache only saves folding. That
 * holds for finished matches too: moderation still appends its marks to them (disputed, void, restored), on
 * any replica, and the next read folds those in.
 */
@Injectable()
export class MatchRepository {
  /** Matches in play, ordered by write: a read (`peek`) does not keep a record longer, a move does. */
  private readonly cache = new LRUCache<string, MatchRecord>({ max: CACHE_LIMIT });
  private readonly finished = new LRUCache<string, MatchRecord>(FINISHED_CACHE_LIMITS);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: MatchCatalog,
  ) {}

  async load(matchId: string): Promise<MatchRecord> {
    const record = await this.find(matchId);
    if (!record) throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
    return record;
  }

  /**
   * The match as the store holds it now (the `match` query's read-your-writes); null when there is no such
   * stream (an unknown id costs no error object). Only the events past the cached revision are read: match
   * streams are never deleted, so those are exactly what the cached fold has not seen.
   */
  async find(matchId: string): Promise<MatchRecord | null> {
    const cached = this.cache.peek(matchId) ?? this.finished.get(matchId) ?? null;
    const fromRevision = cached ? cached.revision + 1n : 'start';
    const events = await this.store.readStreamIfExists(matchStream(matchId), { fromRevision });
    if (events === null) return null;
    const record = foldRecorded(cached, events);
    if (record && record !== cached) {
      // The store's commit time of its last command, as the catalog stamps the log's records: the view says when a
      // waiting lobby expires from it (ADR 0052), and a record read here must say what the pushes after it say.
      stampLastCommit(record, events);
      this.remember(matchId, record, 'read');
    }
    return record;
  }

  /**
   * The record as this process last folded it, read from the store only when unknown or older than
   * `atLeast`; null when there is no such stream. Commands decide on it optimistically: if another writer got
   * in first, the append's expected revision fails and the command re-reads with `find`.
   */
  async current(matchId: string, atLeast?: bigint): Promise<MatchRecord | null> {
    const cached = this.cache.peek(matchId);
    if (cached && (atLeast === undefined || cached.revision >= atLeast)) return cached;
    return this.find(matchId);
  }

  /** The record this process holds of the match, without asking the store (for facts fixed when it opened). */
  held(matchId: string): MatchRecord | undefined {
    return this.cache.peek(matchId) ?? this.finished.get(matchId);
  }

  /**
   * Folds what this process just appended (acknowledged by the store) onto the record it decided on (null for
   * the events that open the match) and returns the record after it; the match's live views are pushed it
   * right away (MatchCatalog.appendedHere).
   */
  appended(matchId: string, base: MatchRecord | null, events: readonly EventToAppend[], lastRevision: bigint): MatchRecord | null {
    const acknowledgedAt = preciseNow();
    const first = lastRevision - BigInt(events.length) + 1n;
    if (first !== (base?.revision ?? -1n) + 1n) return null;
    const recorded = events.map((event, index) => ({ type: event.type, data: event.data, metadata: event.metadata ?? {}, revision: first + BigInt(index) }));
    const record = foldRecorded(base, recorded);
    const cached = this.cache.peek(matchId);
    if (record) stampCommit(record, acknowledgedAt);
    if (record && (!cached || cached.revision < record.revision)) this.remember(matchId, record, 'written');
    if (record) this.catalog.appendedHere(record, base?.revision ?? -1n);
    return record;
  }

  /** The record as it was at `revision` (the result a repeated command id gets back). */
  async at(matchId: string, revision: bigint): Promise<MatchRecord> {
    const events = await this.store.readStream(matchStream(matchId), { maxCount: Number(revision) + 1 });
    const record = foldRecorded(null, events);
    if (!record) throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
    stampLastCommit(record, events);
    return record;
  }

  /**
   * Appends a command's events. The catalog hears that this process wrote them as soon as the store acknowledges
   * them, before anyone awaiting the append resumes: a CPU seat or timer that waited for the answer (the log's copy
   * came first) then knows whose turn's command it was.
   */
  async append(matchId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.catalog.appendSent(matchId);
    try {
      const result = await this.store.appendToStream(matchStream(matchId), events, { expectedRevision });
      this.catalog.wrote(matchId, result.nextExpectedRevision);
      return result;
    } finally {
      this.catalog.appendAnswered(matchId);
    }
  }

  private remember(matchId: string, record: MatchRecord, how: 'read' | 'written'): void {
    this.cache.delete(matchId);
    // A finished match takes no more moves, and its record holds every round it played (~270 bytes per event,
    // 10–80 KiB a match): kept, 5,000 of them were ~200 MiB of a soak's growth. So the one that just finished
    // here leaves; one that is read (a replay's query, a late subscriber, a command retried after the end) joins
    // the small finished cache, and its next read costs the events past it (none, almost always).
    if (record.game.status === 'finished') {
      if (how === 'read') this.finished.set(matchId, record);
      return;
    }
    this.cache.set(matchId, record);
  }
}

/** A record read from the store was committed when its last event was. */
function stampLastCommit(record: MatchRecord, events: readonly RecordedEvent[]): void {
  const last = events.at(-1);
  if (last) stampCommit(record, last.created.getTime());
}
