import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  StreamNotFoundError,
} from '@liars-dice/event-store-port';
import { foldTournamentRecord, type TournamentRecord, tournamentStream } from '@liars-dice/game-tournament';
import { TournamentCatalog } from './tournament-catalog';

const CACHE_LIMIT = 500;

/**
 * Reads and folds `tournament-<id>` streams for the write side. Streams only grow, so a folded record is kept
 * and only the events after its revision are read next time: the store stays the authority.
 */
@Injectable()
export class TournamentRepository {
  /** Ordered by write: a read (`peek`) does not keep a record longer, a newer fold does. */
  private readonly cache = new LRUCache<string, TournamentRecord>({ max: CACHE_LIMIT });

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: TournamentCatalog,
  ) {}

  async load(tournamentId: string): Promise<TournamentRecord> {
    const record = await this.find(tournamentId);
    if (!record)
      throw new Refusal('NOT_FOUND', `tournamentId: no tournament ${tournamentId}`, 'tournamentId');
    return record;
  }

  /** The tournament as the store holds it now; null when there is no such stream. */
  async find(tournamentId: string): Promise<TournamentRecord | null> {
    const cached = this.cache.peek(tournamentId) ?? null;
    let events;
    try {
      events = await this.store.readStream(tournamentStream(tournamentId), {
        fromRevision: cached ? cached.revision + 1n : 'start',
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    const record = foldTournamentRecord(cached, events);
    if (record && record !== cached) this.remember(tournamentId, record);
    return record;
  }

  /** The record as this process last folded it, read again only when unknown or older than `atLeast`. */
  async current(tournamentId: string, atLeast?: bigint): Promise<TournamentRecord | null> {
    const cached = this.cache.peek(tournamentId);
    if (cached && (atLeast === undefined || cached.revision >= atLeast)) return cached;
    return this.find(tournamentId);
  }

  append(
    tournamentId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    return this.store.appendToStream(tournamentStream(tournamentId), events, { expectedRevision });
  }

  /** Folds what this process just appended onto the record it decided on; live views hear it at once. */
  appended(
    tournamentId: string,
    base: TournamentRecord | null,
    events: readonly EventToAppend[],
    lastRevision: bigint,
  ): TournamentRecord | null {
    const first = lastRevision - BigInt(events.length) + 1n;
    if (first !== (base?.revision ?? -1n) + 1n) return null;
    const stored = events.map((event, index) => ({
      type: event.type,
      data: event.data,
      metadata: event.metadata ?? {},
      revision: first + BigInt(index),
    }));
    const record = foldTournamentRecord(base, stored);
    const cached = this.cache.peek(tournamentId);
    if (record && (!cached || cached.revision < record.revision)) this.remember(tournamentId, record);
    if (record) this.catalog.appendedHere(record);
    return record;
  }

  /** The record as it was at `revision` (what a repeated command id gets back). */
  async at(tournamentId: string, revision: bigint): Promise<TournamentRecord> {
    const events = await this.store.readStream(tournamentStream(tournamentId), {
      maxCount: Number(revision) + 1,
    });
    const record = foldTournamentRecord(null, events);
    if (!record)
      throw new Refusal('NOT_FOUND', `tournamentId: no tournament ${tournamentId}`, 'tournamentId');
    return record;
  }

  private remember(tournamentId: string, record: TournamentRecord): void {
    this.cache.set(tournamentId, record);
  }
}
