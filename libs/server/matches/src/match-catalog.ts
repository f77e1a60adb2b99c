import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { EVENT_STORE } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import { MATCH_STREAM_PREFIX } from './match-events';
import { foldRecorded, type MatchRecord } from './match-record';

/** Whether this event closes the batch one command appended (readers act on whole commands only). */
function endsBatch(event: RecordedEvent): boolean {
  const batch = event.metadata['batch'] as { index?: number; size?: number } | undefined;
  return !batch || batch.index === (batch.size ?? 1) - 1;
}

/**
 * Every match, folded live from a catch-up subscription to the store's `match-` streams: what the
 * match list, live views, bot driver and timers read. Rebuilt from the log at every start; it is a cache,
 * never written back. Listeners hear each match after each complete command, once caught up.
 */
@Injectable()
export class MatchCatalog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MatchCatalog.name);
  private readonly records = new Map<string, MatchRecord>();
  private readonly changes = new Subject<MatchRecord>();
  private subscription: Subscription | null = null;
  private caughtUp!: Promise<void>;

  /** Each match after each complete command (only after the initial catch-up). */
  readonly changes$ = this.changes.asObservable();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  onModuleInit(): void {
    this.subscription = this.store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [MATCH_STREAM_PREFIX] } });
    let markCaughtUp!: () => void;
    this.caughtUp = new Promise((resolve) => (markCaughtUp = resolve));
    void this.follow(this.subscription, markCaughtUp);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.changes.complete();
  }

  /** Resolves once every match that existed at start-up is folded. */
  ready(): Promise<void> {
    return this.caughtUp;
  }

  get(matchId: string): MatchRecord | undefined {
    return this.records.get(matchId);
  }

  all(): IterableIterator<MatchRecord> {
    return this.records.values();
  }

  private async follow(subscription: Subscription, markCaughtUp: () => void): Promise<void> {
    let live = false;
    try {
      for await (const message of subscription) {
        if (message.kind === 'caught-up') {
          live = true;
          markCaughtUp();
          continue;
        }
        const record = this.apply(message.event);
        if (live && record && endsBatch(message.event)) this.changes.next(record);
      }
    } catch (error) {
      this.logger.error(`match catalog subscription stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    markCaughtUp();
  }

  private apply(event: RecordedEvent): MatchRecord | null {
    const matchId = event.streamName.slice(MATCH_STREAM_PREFIX.length);
    const record = foldRecorded(this.records.get(matchId) ?? null, [event]);
    if (record) this.records.set(matchId, record);
    return record;
  }
}
