import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Observable, Subject, type Subscriber } from 'rxjs';
import { EVENT_STORE } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import { endsBatch, foldRecorded, MATCH_STREAM_PREFIX, type MatchRecord, matchIdOf } from '@liars-dice/game-match';

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
  /** Live-view listeners by match id: a change reaches only its own match's subscribers, not every socket. */
  private readonly watchers = new Map<string, Set<Subscriber<MatchRecord>>>();
  /** The newest revision each watched match's watchers have heard (from this process's appends or the log). */
  private readonly heard = new Map<string, bigint>();
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
    for (const set of this.watchers.values()) for (const watcher of set) watcher.complete();
    this.watchers.clear();
  }

  /** One match after each complete command (the same records as `changes$`, filtered by match id). */
  changesOf(matchId: string): Observable<MatchRecord> {
    return new Observable<MatchRecord>((watcher) => {
      const set = this.watchers.get(matchId) ?? new Set();
      this.watchers.set(matchId, set.add(watcher));
      return () => {
        set.delete(watcher);
        if (set.size > 0 || this.watchers.get(matchId) !== set) return;
        this.watchers.delete(matchId);
        this.heard.delete(matchId);
      };
    });
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
        // Readers act on whole commands only: a command's batch is announced once, after its last event.
        if (live && record && endsBatch(message.event.metadata)) this.announce(record);
      }
    } catch (error) {
      this.logger.error(`match catalog subscription stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    markCaughtUp();
  }

  /**
   * A command this process has just appended (the store acknowledged it): the match's live views hear it
   * now instead of after the store's subscription wakes up; the log's copy of it is then not pushed again.
   * Everything else (`changes$`: bots, timers) still follows the log only.
   */
  appendedHere(record: MatchRecord): void {
    this.tellWatchers(record);
  }

  private announce(record: MatchRecord): void {
    this.changes.next(record);
    this.tellWatchers(record);
  }

  /** Watchers hear each match's revisions in increasing order; an older one arriving late is skipped. */
  private tellWatchers(record: MatchRecord): void {
    const matchId = record.table.matchId;
    const watchers = this.watchers.get(matchId);
    if (!watchers) return;
    const heard = this.heard.get(matchId);
    if (heard !== undefined && heard >= record.revision) return;
    this.heard.set(matchId, record.revision);
    for (const watcher of [...watchers]) watcher.next(record);
  }

  private apply(event: RecordedEvent): MatchRecord | null {
    const matchId = matchIdOf(event.streamName);
    if (matchId === null) return null;
    const record = foldRecorded(this.records.get(matchId) ?? null, [event]);
    if (record) this.records.set(matchId, record);
    return record;
  }
}
