import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Observable, Subject, type Subscriber } from 'rxjs';
import { EVENT_STORE } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import { endsBatch } from '@liars-dice/game-match';
import {
  foldTournamentRecord,
  TOURNAMENT_STREAM_PREFIX,
  tournamentIdOf,
  type TournamentRecord,
} from '@liars-dice/game-tournament';

/**
 * Every tournament, folded live from a catch-up subscription to the store's `tournament-` streams: what the
 * tournament queries, the live `tournamentUpdated` views and the director read (docs/adr/0014). Rebuilt from
 * the log at every start, never written back. Listeners hear a tournament after each whole command.
 */
@Injectable()
export class TournamentCatalog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TournamentCatalog.name);
  private readonly records = new Map<string, TournamentRecord>();
  private readonly changes = new Subject<TournamentRecord>();
  private readonly watchers = new Map<string, Set<Subscriber<TournamentRecord>>>();
  /** The newest revision each watched tournament's watchers have heard (this process's appends or the log). */
  private readonly heard = new Map<string, bigint>();
  private subscription: Subscription | null = null;
  private caughtUp!: Promise<void>;

  /** Each tournament after each whole command, once caught up (the director follows this). */
  readonly changes$ = this.changes.asObservable();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  onModuleInit(): void {
    this.subscription = this.store.subscribeToAll({
      from: 'start',
      filter: { streamPrefixes: [TOURNAMENT_STREAM_PREFIX] },
    });
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

  /** Resolves once every tournament that existed at start-up is folded. */
  ready(): Promise<void> {
    return this.caughtUp;
  }

  get(tournamentId: string): TournamentRecord | undefined {
    return this.records.get(tournamentId);
  }

  all(): IterableIterator<TournamentRecord> {
    return this.records.values();
  }

  /** One tournament after each command that changes it. */
  changesOf(tournamentId: string): Observable<TournamentRecord> {
    return new Observable<TournamentRecord>((watcher) => {
      const set = this.watchers.get(tournamentId) ?? new Set();
      this.watchers.set(tournamentId, set.add(watcher));
      return () => {
        set.delete(watcher);
        if (set.size > 0 || this.watchers.get(tournamentId) !== set) return;
        this.watchers.delete(tournamentId);
        this.heard.delete(tournamentId);
      };
    });
  }

  /** A command this process just appended: its live views hear it now rather than after the log delivers it. */
  appendedHere(record: TournamentRecord): void {
    this.tellWatchers(record);
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
        if (live && record && endsBatch(message.event.metadata)) {
          this.changes.next(record);
          this.tellWatchers(record);
        }
      }
    } catch (error) {
      this.logger.error(
        `tournament catalog subscription stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    markCaughtUp();
  }

  private tellWatchers(record: TournamentRecord): void {
    const id = record.state.config.tournamentId;
    const watchers = this.watchers.get(id);
    if (!watchers) return;
    const heard = this.heard.get(id);
    if (heard !== undefined && heard >= record.revision) return;
    this.heard.set(id, record.revision);
    for (const watcher of [...watchers]) watcher.next(record);
  }

  private apply(event: RecordedEvent): TournamentRecord | null {
    const id = tournamentIdOf(event.streamName);
    if (id === null) return null;
    const record = foldTournamentRecord(this.records.get(id) ?? null, [event]);
    if (record) this.records.set(id, record);
    return record;
  }
}
