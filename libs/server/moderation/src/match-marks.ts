import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, type RecordedEvent, StreamNotFoundError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import {
  type AccountRef,
  foldRecorded,
  isReplayStep,
  type MatchRecord,
  matchStream,
  metadataFor,
  type ModerationEvent,
  readMetadata,
} from '@liars-dice/game-match';
import type { MatchFacts } from '@liars-dice/game-moderation';
import { EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';

/** Events for a match under one command id, sent by whoever made the moderation step. */
export interface Mark {
  readonly key: string;
  readonly events: readonly ModerationEvent[];
  readonly sender: AccountRef;
  readonly at: number;
}

interface Read {
  readonly record: MatchRecord;
  readonly events: readonly RecordedEvent[];
}

/**
 * Moderation's access to match streams: the facts a dispute is filed against, the names behind a match's
 * seats, and the marks a ruling leaves (disputed, resolved, void, restored), each appended exactly once.
 */
@Injectable()
export class MatchMarks {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  /** Who played, whether it started, when it ended, how many replay steps it has. */
  async facts(matchId: string): Promise<MatchFacts> {
    const { record, events } = await this.read(matchId);
    const finished = record.game.status === 'finished' ? [...events].reverse().find((e) => e.type === 'MatchFinished') : undefined;
    return {
      matchId,
      players: [...this.accounts(record).keys()],
      started: record.game.status !== 'none',
      endedAt: finished ? (readMetadata(finished.metadata).recordedAt ?? finished.created.getTime()) : null,
      steps: events.filter(isReplayStep).length,
    };
  }

  /** The accounts that held a seat in the match (before a CPU took one over, too), by id. */
  async names(matchId: string): Promise<ReadonlyMap<string, string>> {
    return this.accounts((await this.read(matchId)).record);
  }

  /**
   * Appends moderation's events to the match under the command id `key`, once: when the stream already holds
   * the key (a retry, or the start-up sweep) nothing is appended.
   */
  async mark(matchId: string, { key, events, sender, at }: Mark): Promise<void> {
    for (let attempt = 0; attempt <= this.settings.commandRetries; attempt++) {
      const { record } = await this.read(matchId);
      if (record.commands.get(key)) return;
      const metadata = metadataFor({ commandId: key, actor: { kind: 'account', ...sender }, at, command: 'Moderation', request: {} }, events.length);
      const appending = events.map((event, i) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: metadata[i] }));
      try {
        await this.store.appendToStream(matchStream(matchId), appending, { expectedRevision: record.revision });
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Refusal('CONFLICT', `match ${matchId} kept changing; the moderation step will be retried at the next start`);
  }

  private accounts(record: MatchRecord): Map<string, string> {
    const held = record.table.seats.flatMap((seat) => [seat.holder, seat.previous]).filter((a): a is AccountRef => a !== null);
    return new Map(held.map((a) => [a.id, a.name]));
  }

  private async read(matchId: string): Promise<Read> {
    try {
      const events = await this.store.readStream(matchStream(matchId));
      const record = foldRecorded(null, events);
      if (record) return { record, events };
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
  }
}
