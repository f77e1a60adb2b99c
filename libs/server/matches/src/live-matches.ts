import { randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AllFollower, EventToAppend, RecordedEvent } from '@liars-dice/event-store-port';
import { describeError, Refusal } from '@liars-dice/server-platform';
import { endsBatch, foldRecorded, type MatchRecord, matchIdOf } from '@liars-dice/game-match';
import { preciseNow, stampCommit } from './commit-times';
import { MatchAnnouncements, type MatchWatcher } from './match-announcements';
import { MatchStore } from './match-store';

/** Heap per event of a folded finished match, rounded up: the cache's bound by estimate (ADR 0032). */
const BYTES_PER_EVENT = 300;

/**
 * Finished matches read again (a replay's or a moderator's `match` query, a late subscriber, a move sent just
 * after the end), only once read: a server that only plays keeps none. 64 records hold every match a replay or a
 * moderator is reading (ADR 0032).
 */
const FINISHED_LIMITS = {
  max: 64,
  maxSize: 3 * 1024 * 1024,
  sizeCalculation: (record: MatchRecord) => Number(record.revision + 1n) * BYTES_PER_EVENT,
};

/** Over: finished, or a lobby closed before it started. Nothing plays it any more. */
function isOver(record: MatchRecord): boolean {
  return record.game.status === 'finished' || record.table.status === 'closed';
}

/** What this process appended, as the store records it, folded onto the record it was decided on. */
function foldAppended(
  base: MatchRecord | null,
  events: readonly EventToAppend[],
  lastRevision: bigint,
): MatchRecord | null {
  const acknowledgedAt = preciseNow();
  const first = lastRevision - BigInt(events.length) + 1n;
  const stored = events.map((event, index) => ({
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
    revision: first + BigInt(index),
  }));
  const record = foldRecorded(base, stored);
  // The commit time of a command appended here is the moment its acknowledgement arrived (commit-times.ts).
  if (record) stampCommit(record, acknowledgedAt);
  return record;
}

/**
 * The one owner of live match state (ADR 0067). Each match in play is folded once, on the main thread: this
 * process's own commands when the store acknowledges them, other replicas' when the store's follower brings them.
 * Streams only grow, so an event at or below the revision held is already applied: the log's copy of an own
 * command is simply passed over. Every listener hears each match after each whole command, in revision order.
 * Matches that are over leave (tournament tables stay: the director and voids read them); those read again stay
 * a while in a small cache. Rebuilt from the log at every start: a cache, never written back.
 */
@Injectable()
export class LiveMatches implements OnModuleInit, OnApplicationShutdown {
  /**
   * This process, as each command it appends names it (`MatchRecord.writer`): the replica that wrote a match's last
   * command plays its CPU seats and fires its deadlines first (ADR 0015). Random, so a restarted one owns nothing.
   */
  readonly replica = randomBytes(6).toString('base64url');
  private readonly logger = new Logger(LiveMatches.name);
  /** Every match in play, and every tournament table's. */
  private readonly inPlay = new Map<string, MatchRecord>();
  private readonly finished = new LRUCache<string, MatchRecord>(FINISHED_LIMITS);
  private readonly announcements = new MatchAnnouncements();
  private readonly follower: AllFollower;
  private readonly caughtUp: Promise<void>;
  private markCaughtUp!: () => void;
  /** Set by the initial catch-up, and kept: readiness measures the lag from `progress()` after a failure too. */
  private live = false;

  /** Each match after each whole command (only after the initial catch-up). */
  readonly changes$ = this.announcements.changes$;

  constructor(private readonly store: MatchStore) {
    this.caughtUp = new Promise((resolve) => (this.markCaughtUp = resolve));
    this.follower = store.follow({
      event: (event) => this.followed(event),
      caughtUp: () => this.caughtUpNow(),
      failed: (error, retryInMs) => this.followingFailed(error, retryInMs),
    });
  }

  onModuleInit(): void {
    this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
    this.announcements.close();
  }

  /** Resolves once every match that existed at start-up is folded. */
  ready(): Promise<void> {
    return this.caughtUp;
  }

  /** How far the log is followed: the last match event's position (null before one) and whether caught up once. */
  progress(): { readonly position: bigint | null; readonly caughtUp: boolean } {
    return { position: this.follower.position, caughtUp: this.live };
  }

  /** The match in play (or tournament table) as held now; undefined for one that is over or unknown. */
  get(matchId: string): MatchRecord | undefined {
    return this.inPlay.get(matchId);
  }

  all(): IterableIterator<MatchRecord> {
    return this.inPlay.values();
  }

  get size(): number {
    return this.inPlay.size;
  }

  /** The watcher hears each whole command of the match (and `complete` at shutdown) until the returned function is called. */
  watch(matchId: string, watcher: MatchWatcher): () => void {
    return this.announcements.watch(matchId, watcher);
  }

  /** Whether this process wrote the command that left the match at this record (it acts first on what follows). */
  wroteLast(record: MatchRecord): boolean {
    return record.writer === this.replica;
  }

  /** Whether the match is ranked, when held (null when not): fixed when it opens, so any copy says so. */
  rankedKnown(matchId: string): boolean | null {
    return (this.inPlay.get(matchId) ?? this.finished.peek(matchId))?.table.ranked ?? null;
  }

  /**
   * The record held, read from the store only when none is or it is older than `atLeast`. Commands decide on it
   * optimistically: a stale one fails the append's expected revision, and a refusal is checked with `read`.
   */
  async current(matchId: string, atLeast?: bigint): Promise<MatchRecord | null> {
    const held = this.inPlay.get(matchId) ?? this.finished.peek(matchId);
    if (held && (atLeast === undefined || held.revision >= atLeast)) return held;
    return this.read(matchId);
  }

  /**
   * The match as the store holds it now (read-your-writes), reading only the events past the record held; null
   * when there is no such match. The record held is left to the follower, which announces every command in
   * order; a match that is over joins the finished cache.
   */
  async read(matchId: string): Promise<MatchRecord | null> {
    const held = this.inPlay.get(matchId) ?? this.finished.get(matchId) ?? null;
    const record = await this.store.read(matchId, held);
    if (
      record &&
      record !== held &&
      isOver(record) &&
      !this.inPlay.has(matchId) &&
      record.revision > (this.finished.peek(matchId)?.revision ?? -1n)
    ) {
      this.finished.set(matchId, record);
    }
    return record;
  }

  async load(matchId: string): Promise<MatchRecord> {
    const record = await this.read(matchId);
    if (!record) throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
    return record;
  }

  /** The record as it was at `revision` (a repeated command id's first result). */
  at(matchId: string, revision: bigint): Promise<MatchRecord> {
    return this.store.at(matchId, revision);
  }

  /**
   * This process's command, acknowledged by the store at `lastRevision`: the match after it. When it follows the
   * record held, it is held and announced now (watchers are pushed before the caller's reply is built); the log's
   * copy is then already applied. Otherwise the log brings it: with another replica's commands before it, in
   * order (no watcher skips one), or it brought it already (then that record is the answer).
   */
  appended(
    matchId: string,
    base: MatchRecord | null,
    events: readonly EventToAppend[],
    lastRevision: bigint,
  ): MatchRecord | null {
    const held = this.inPlay.get(matchId);
    if (held?.revision === lastRevision) return held;
    const record = foldAppended(base, events, lastRevision);
    // A new match is held from its opening; a held one only moves from the record this command was decided on.
    if (record && (held ? held.revision === base?.revision : base === null))
      this.apply(matchId, record, true);
    return record;
  }

  /** The log's events: each folded once, onto the record held; one at or below its revision is already applied. */
  private followed(event: RecordedEvent): void {
    const matchId = matchIdOf(event.streamName);
    if (matchId === null) return;
    const held = this.inPlay.get(matchId);
    if (held ? event.revision <= held.revision : event.revision > 0n) {
      if (!held) this.followedWhenOver(matchId, event);
      return;
    }
    const record = foldRecorded(held ?? null, [event]);
    if (!record) return;
    stampCommit(record, event.created.getTime());
    // Readers act on whole commands: a command's batch is announced once, after its last event.
    this.apply(matchId, record, endsBatch(event.metadata));
  }

  /**
   * A later event of a match held no more (a moderator's mark on a finished one): its copy in the finished cache
   * is brought up to date, or dropped when it does not come right before (a read and the log crossed). Nothing
   * else holds it (the log is followed from every stream's first event), and readers of it go to the store.
   */
  private followedWhenOver(matchId: string, event: RecordedEvent): void {
    const cached = this.finished.peek(matchId);
    if (!cached || event.revision <= cached.revision) return;
    const record = event.revision === cached.revision + 1n ? foldRecorded(cached, [event]) : null;
    if (!record) {
      this.finished.delete(matchId);
      return;
    }
    stampCommit(record, event.created.getTime());
    this.finished.set(matchId, record);
  }

  private apply(matchId: string, record: MatchRecord, whole: boolean): void {
    if (isOver(record) && !record.table.tournament) this.inPlay.delete(matchId);
    else this.inPlay.set(matchId, record);
    if (this.live && whole) this.announcements.announce(record);
  }

  private caughtUpNow(): void {
    this.live = true;
    this.markCaughtUp();
  }

  /**
   * Start-up goes on (queries read the store directly); the matches fill in once following works again: the
   * follower resumes after the last event folded rather than leave CPU seats, timers and live views deaf.
   */
  private followingFailed(error: unknown, retryInMs: number | null): void {
    this.markCaughtUp();
    if (retryInMs !== null)
      this.logger.error(
        `following the match streams stopped (${describeError(error)}); following again in ${retryInMs} ms`,
      );
  }
}
