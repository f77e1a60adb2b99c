import { Inject, Injectable } from '@nestjs/common';
import { backoff, EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import {
  AllFollower,
  type AllFollowerHandlers,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '@liars-dice/event-store-port';
import { foldRecorded, MATCH_STREAM_PREFIX, type MatchRecord, matchStream } from '@liars-dice/game-match';
import { stampCommit } from './commit-times';

/**
 * The `match-<id>` streams and nothing else: reads folded onto what the caller already holds, appends with an
 * expected revision, and a follower of every match stream. It keeps no state: LiveMatches owns what is held.
 */
@Injectable()
export class MatchStore {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * The match as the store holds it now, `known` (a fold of its first events, or null) with the events past it
   * folded on; null when there is no such stream (an unknown id costs no error object). Streams only grow, so the
   * events after `known` are exactly what it has not seen.
   */
  async read(matchId: string, known: MatchRecord | null): Promise<MatchRecord | null> {
    const events = await this.store.readStreamIfExists(matchStream(matchId), {
      fromRevision: known ? known.revision + 1n : 'start',
    });
    if (events === null) return null;
    const record = foldRecorded(known, events);
    if (record && record !== known) stampLastCommit(record, events);
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

  append(
    matchId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    return this.store.appendToStream(matchStream(matchId), events, { expectedRevision });
  }

  /** Every `match-` stream's events from the first, in `$all` order; after a failure, again after the last one handled. */
  follow(handlers: AllFollowerHandlers): AllFollower {
    return new AllFollower(
      this.store,
      {
        streamPrefixes: [MATCH_STREAM_PREFIX],
        from: 'start',
        retryPause: (attempt) => backoff(attempt, 200, 10_000),
      },
      handlers,
    );
  }
}

/**
 * A record read from the store was committed when its last event was: the view says when a waiting lobby expires
 * from it, and a record read here must say what the pushes after it say.
 */
function stampLastCommit(record: MatchRecord, events: readonly RecordedEvent[]): void {
  const last = events.at(-1);
  if (last) stampCommit(record, last.created.getTime());
}
