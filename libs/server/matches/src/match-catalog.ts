import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Observable, Subject } from 'rxjs';
import { backoff, describeError, EVENT_STORE } from '@liars-dice/server-platform';
import { AllFollower, type EventStore, type RecordedEvent } from '@liars-dice/event-store-port';
import { endsBatch, foldRecorded, MATCH_STREAM_PREFIX, type MatchRecord, matchIdOf, matchStream } from '@liars-dice/game-match';
import { stampCommit } from './commit-times';

/** Who hears a match's records (`MatchCatalog.watch`): an rxjs subscriber is one. */
export interface MatchWatcher {
  next(record: MatchRecord): void;
  complete(): void;
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
  /** Live-view listeners by match id: a change reaches only its own match's subscribers, not every socket. */
  private readonly watchers = new Map<string, Set<MatchWatcher>>();
  /** The newest revision each watched match's watchers have heard (from this process's appends or the log). */
  private readonly heard = new Map<string, bigint>();
  /** The last revision this process appended to each unfinished match (whose CPU seats and timers are its own first). */
  private readonly written = new Map<string, bigint>();
  /** How many appends this process has sent to each match that the store has not answered yet. */
  private readonly appending = new Map<string, number>();
  /** Who waits for a match's appends in flight to be answered (`appendsAnswered`). */
  private readonly awaitingAnswers = new Map<string, Array<() => void>>();
  /**
   * A command this process appended and folded (MatchRepository.appended) onto the revision this catalog holds:
   * when the log brings that command's events, its record is taken instead of folding them a second time.
   */
  private readonly foldedHere = new Map<string, { readonly after: bigint; readonly record: MatchRecord }>();
  /** The `match-` streams from the start; after a failure, again after the last event folded. */
  private readonly follower: AllFollower;
  private caughtUp!: Promise<void>;
  private markCaughtUp: () => void = () => undefined;
  /** Set by the initial catch-up, and kept: readiness measures the lag from `progress()` after a failure too. */
  private live = false;

  /** Each match after each complete command (only after the initial catch-up). */
  readonly changes$ = this.changes.asObservable();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    this.follower = new AllFollower(
      store,
      { streamPrefixes: [MATCH_STREAM_PREFIX], from: 'start', retryPause: (attempt) => backoff(attempt, 200, 10_000) },
      { event: (event) => this.fold(event), caughtUp: () => this.caughtUpNow(), failed: (error, retryInMs) => this.followingFailed(error, retryInMs) },
    );
  }

  onModuleInit(): void {
    let markCaughtUp!: () => void;
    this.caughtUp = new Promise((resolve) => (markCaughtUp = resolve));
    this.markCaughtUp = markCaughtUp;
    this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
    this.changes.complete();
    for (const set of this.watchers.values()) for (const watcher of set) watcher.complete();
    this.watchers.clear();
  }

  /** One match after each complete command (the same records as `changes$`, filtered by match id). */
  changesOf(matchId: string): Observable<MatchRecord> {
    return new Observable<MatchRecord>((watcher) => this.watch(matchId, watcher));
  }

  /**
   * `changesOf` without an Observable: the watcher is told each record (and `complete` at shutdown) until the
   * returned function is called. A live subscription holds one watcher instead of an operator chain (ADR 0046).
   */
  watch(matchId: string, watcher: MatchWatcher): () => void {
    const set = this.watchers.get(matchId) ?? new Set();
    this.watchers.set(matchId, set.add(watcher));
    return () => {
      set.delete(watcher);
      if (set.size > 0 || this.watchers.get(matchId) !== set) return;
      this.watchers.delete(matchId);
      this.heard.delete(matchId);
    };
  }

  /** Resolves once every match that existed at start-up is folded. */
  ready(): Promise<void> {
    return this.caughtUp;
  }

  /**
   * How far this catalog has followed the log: the position of the last match event folded (null before the
   * first) and whether its initial catch-up is done. Readiness (`/health`) measures the lag from it.
   */
  progress(): { readonly position: bigint | null; readonly caughtUp: boolean } {
    return { position: this.follower.position, caughtUp: this.live };
  }

  get(matchId: string): MatchRecord | undefined {
    return this.records.get(matchId);
  }

  /** How many matches are folded: those in play, and tournament matches (finished casual ones are let go). */
  get size(): number {
    return this.records.size;
  }

  all(): IterableIterator<MatchRecord> {
    return this.records.values();
  }

  private caughtUpNow(): void {
    this.live = true;
    this.markCaughtUp();
  }

  /**
   * Synchronous but for a retired match's revival: the follower awaits only a returned promise.
   *
   * Finished matches outside tournaments (and closed lobbies) are retired: their records are let go once
   * announced (`keep`). Nothing that reads the catalog acts on them (CPU seats and timers skip finished matches;
   * only the tournament director and voids read finished records, of tournament matches), and each held every
   * round it played (~40 KiB for a typical match). An event that still reaches one (a moderation mark) must be
   * folded onto the whole match, not onto nothing. The catalog follows every `match-` stream from its first
   * event (revision 0, which opens the match), so a later event of a match it holds no record of (nor a command
   * folded here) can only be a retired match's: a retired match costs no memory at all (an id kept for each
   * grew ~0.7 MiB per 10 minutes at 1,000 tables, for ever: ADR 0042).
   */
  private fold(event: RecordedEvent): void | Promise<void> {
    if (event.revision > 0n && this.isRetired(event.streamName)) return this.revive(event).then(() => this.folded(event));
    this.folded(event);
  }

  /** No record, and no command folded here from nothing either (an opening's batch in progress: `foldedHere`). */
  private isRetired(streamName: string): boolean {
    const matchId = matchIdOf(streamName);
    return matchId !== null && !this.records.has(matchId) && !this.foldedHere.has(matchId);
  }

  private folded(event: RecordedEvent): void {
    const applied = this.apply(event);
    // Readers act on whole commands only: a command's batch is announced once, after its last event. A record
    // folded here is returned at its append's last event, which closes the batch (one append per command): its
    // metadata is not parsed just to say so (ADR 0029).
    if (this.live && applied && (applied.whole || endsBatch(event.metadata))) this.announce(applied.record);
  }

  /**
   * Start-up goes on (views read the store directly); the catalog fills in once following works again. Bots,
   * timers and live views all follow this catalog: the follower follows the log again (after the last event
   * folded) rather than leave them deaf until a restart.
   */
  private followingFailed(error: unknown, retryInMs: number | null): void {
    this.markCaughtUp();
    if (retryInMs !== null) this.logger.error(`match catalog subscription stopped (${describeError(error)}); following again in ${retryInMs} ms`);
  }

  /**
   * This process appended a command to the match ending at `revision` (the store acknowledged it). Until
   * another writer appends, the match's CPU seats and turn timer are this replica's to act on first.
   */
  wrote(matchId: string, revision: bigint): void {
    if ((this.written.get(matchId) ?? -1n) < revision) this.written.set(matchId, revision);
  }

  /** This process sends an append to the match; `appendAnswered` follows once the store has answered it, either way. */
  appendSent(matchId: string): void {
    this.appending.set(matchId, (this.appending.get(matchId) ?? 0) + 1);
  }

  /** The store answered one of this process's appends to the match (after `wrote`, when it was taken). */
  appendAnswered(matchId: string): void {
    const left = (this.appending.get(matchId) ?? 1) - 1;
    if (left > 0) {
      this.appending.set(matchId, left);
      return;
    }
    this.appending.delete(matchId);
    const waiting = this.awaitingAnswers.get(matchId);
    this.awaitingAnswers.delete(matchId);
    if (waiting) for (const resolve of waiting) resolve();
  }

  /**
   * Resolves once every append to the match this process has in flight is answered; null when none is. The log's
   * copy of a command can arrive before its writer has processed the acknowledgement: a `wroteLast` that says no
   * while an append is in flight is only known after it (`wroteLastOnceAnswered`).
   */
  appendsAnswered(matchId: string): Promise<void> | null {
    if (!this.appending.has(matchId)) return null;
    return new Promise((resolve) => {
      const waiting = this.awaitingAnswers.get(matchId);
      if (waiting) waiting.push(resolve);
      else this.awaitingAnswers.set(matchId, [resolve]);
    });
  }

  /**
   * Whether this process wrote the command that left the match at this record's revision, as far as the
   * acknowledgements it has processed tell. Acting on the answer? Ask `wroteLastOnceAnswered`.
   */
  wroteLast(record: MatchRecord): boolean {
    return this.written.get(record.table.matchId) === record.revision;
  }

  /**
   * Whether this process wrote the command that left the match at this record's revision, asked after every append
   * it has in flight to the match is answered. What the CPU seats and deadline timers ask before acting first (the
   * writer) or standing by `takeoverMs` (ADR 0052): the store's subscription can deliver a command before its
   * writer has processed the acknowledgement, and a "no" then would hold the writer's own move or deadline for
   * `takeoverMs`. Answers at once when no append is in flight (the other replicas' case, or this one's settled).
   */
  async wroteLastOnceAnswered(record: MatchRecord): Promise<boolean> {
    if (this.wroteLast(record)) return true;
    const answered = this.appendsAnswered(record.table.matchId);
    if (!answered) return false;
    await answered;
    return this.wroteLast(record);
  }

  /**
   * A command this process has just appended, folded onto the revision it was decided on (`after`): the
   * match's live views hear it now instead of after the store's subscription wakes up; the log's copy of it
   * is then not pushed again. If its watchers have not heard `after` yet, from this process or the log
   * (another replica's commands came in between), those would be skipped as older once this one was pushed:
   * the log then tells all of them, in order. Everything else (`changes$`: bots, timers) follows the log only.
   */
  appendedHere(record: MatchRecord, after: bigint): void {
    const matchId = record.table.matchId;
    const known = this.records.get(matchId)?.revision ?? -1n;
    if (known === after && !this.foldedHere.has(matchId)) this.foldedHere.set(matchId, { after, record });
    if (known < after && (this.heard.get(matchId) ?? -1n) < after) return;
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

  /** The match's record after this event, and whether it is a whole command's folded here (`appendedHere`). */
  private apply(event: RecordedEvent): { readonly record: MatchRecord; readonly whole: boolean } | null {
    const matchId = matchIdOf(event.streamName);
    if (matchId === null) return null;
    const here = this.foldedHereAt(matchId, event.revision);
    // Inside a command folded here: the record after its last event stands for the whole batch.
    if (here === null) return null;
    const record = here ?? foldRecorded(this.records.get(matchId) ?? null, [event]);
    if (!record) return null;
    this.keep(matchId, record);
    // A record folded here keeps the moment the store acknowledged it (commit-times.ts).
    if (!here) stampCommit(record, event.created.getTime());
    return { record, whole: here !== undefined };
  }

  /**
   * Holds a match's newest record, or lets it go once it finished outside a tournament, or its lobby was closed
   * (final too, never a tournament table's): see `fold`.
   */
  private keep(matchId: string, record: MatchRecord): void {
    if (record.game.status !== 'finished' && record.table.status !== 'closed') {
      this.records.set(matchId, record);
      return;
    }
    this.written.delete(matchId);
    if (record.table.tournament) {
      this.records.set(matchId, record);
      return;
    }
    this.records.delete(matchId);
  }

  /**
   * For an event of a command this process folded onto this catalog's record: null before the command's last
   * event, its record at the last. Undefined for any other event (folded as usual), which also drops a command
   * the log did not bring right after the record it was folded onto.
   */
  private foldedHereAt(matchId: string, revision: bigint): MatchRecord | null | undefined {
    const here = this.foldedHere.get(matchId);
    if (!here) return undefined;
    const known = this.records.get(matchId)?.revision ?? -1n;
    if (known !== here.after || revision <= here.after || revision > here.record.revision) {
      this.foldedHere.delete(matchId);
      return undefined;
    }
    if (revision < here.record.revision) return null;
    this.foldedHere.delete(matchId);
    return here.record;
  }

  /** A retired match an event still reaches: folded again from the store up to that event. */
  private async revive(event: RecordedEvent): Promise<void> {
    const matchId = matchIdOf(event.streamName);
    if (matchId === null) return;
    const before = await this.store.readStream(matchStream(matchId), { maxCount: Number(event.revision) });
    const record = foldRecorded(null, before);
    if (record) this.records.set(matchId, record);
  }
}
