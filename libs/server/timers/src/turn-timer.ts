import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { backoff, Clock, describeError, Dispatcher, guarded, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { isRuleViolation } from '@liars-dice/game-rules';
import { MatchCatalog, TimeOutCommand } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';

const SWEEP_MS = 1000;
/** How long after the engine's own deadline a timer refused as early tries again. */
const EARLY_MARGIN_MS = 5;

interface Pending {
  readonly revision: bigint;
  readonly deadline: number;
  /** When this replica fires it: the deadline, or `takeoverMs` later if another replica wrote the turn's command. */
  fireAt: number;
  /** The turn's record (asked at the deadline whether this replica wrote the command that started the turn). */
  readonly record: MatchRecord;
  handle: NodeJS.Timeout;
  /** A TimeOut for this turn is on the bus: the sweep must not send a second one meanwhile. */
  firing: boolean;
  /** Failed attempts so far (store errors), for the retry's backoff. */
  failures: number;
}

/**
 * Fires the engine's TimeOut when a recorded turn deadline passes. Deadlines live in the events, so after
 * a restart the catch-up re-arms every timer and overdue ones fire at once. Each timer names the revision
 * it was armed at: if the turn moved on, the command is a no-op (never a second penalty).
 *
 * A timer forgets its turn only once the turn has moved on (a newer revision re-armed it) or its TimeOut was
 * applied. Node's timers can fire a millisecond before the deadline as the clock measures it: the engine then
 * refuses with TURN_NOT_EXPIRED and the timer arms again just after the deadline. Any other failure (the
 * store unavailable) is logged and retried with backoff; nothing here throws out of a callback.
 */
@Injectable()
export class TurnTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TurnTimer.name);
  private readonly pending = new Map<string, Pending>();
  private subscription: Subscription | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly catalog: MatchCatalog,
    private readonly dispatcher: Dispatcher,
    private readonly clock: Clock,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.catalog.changes$.subscribe(guarded(this.logger, 'arming a turn timer', (record: MatchRecord) => this.arm(record)));
    await this.catalog.ready();
    for (const record of this.catalog.all()) this.arm(record);
    // Each timer is also checked against the clock every second, so a clock that jumps still fires on time.
    this.sweeper = setInterval(guarded(this.logger, 'the turn timer sweep', () => this.fireDue()), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const { handle } of this.pending.values()) clearTimeout(handle);
    this.pending.clear();
  }

  /** Fires every timer whose deadline has passed by the clock now (the sweep calls it; tests may too). */
  async fireDue(): Promise<void> {
    const now = this.clock.now();
    const due = [...this.pending.entries()].filter(([, p]) => p.fireAt <= now && !p.firing);
    await Promise.all(due.map(([matchId, p]) => this.fire(matchId, p)));
  }

  /** How many turns are waiting on a timer (tests). */
  get armed(): number {
    return this.pending.size;
  }

  private arm(record: MatchRecord): void {
    const matchId = record.table.matchId;
    const previous = this.pending.get(matchId);
    if (previous && previous.revision >= record.revision) return;
    if (previous) clearTimeout(previous.handle);
    this.pending.delete(matchId);
    const game = record.game;
    if (this.stopped || game.status !== 'bidding' || game.turnDeadline === null) return;
    const pending: Pending = { revision: record.revision, deadline: game.turnDeadline, fireAt: game.turnDeadline, record, handle: undefined as unknown as NodeJS.Timeout, firing: false, failures: 0 };
    this.pending.set(matchId, pending);
    this.schedule(matchId, pending, pending.fireAt - this.clock.now());
  }

  private schedule(matchId: string, pending: Pending, delayMs: number): void {
    clearTimeout(pending.handle);
    pending.handle = setTimeout(() => void this.fire(matchId, pending), Math.max(0, delayMs));
    pending.handle.unref();
  }

  /** Sends the TimeOut; never rejects. */
  private async fire(matchId: string, pending: Pending): Promise<void> {
    if (this.pending.get(matchId) !== pending || pending.firing || this.stopped) return;
    if (this.leftToItsWriter(pending)) return;
    pending.firing = true;
    try {
      await this.dispatcher.execute(new TimeOutCommand(matchId, pending.revision));
      if (this.pending.get(matchId) === pending) this.pending.delete(matchId);
    } catch (error) {
      this.afterFailure(matchId, pending, error);
    } finally {
      pending.firing = false;
    }
  }

  /**
   * With replicas, the one that wrote the command starting this turn fires it at the deadline; the others only if
   * it has not by `takeoverMs` after it (it died), a copy that still loses a race being fenced by the expected
   * revision. Asked when the deadline comes, not when the turn is armed: the store's subscription may deliver a
   * command before its writer has processed the acknowledgement of its append.
   */
  private leftToItsWriter(pending: Pending): boolean {
    const takeover = pending.deadline + this.settings.takeoverMs;
    if (pending.fireAt >= takeover || this.catalog.wroteLast(pending.record)) return false;
    pending.fireAt = takeover;
    this.schedule(pending.record.table.matchId, pending, takeover - this.clock.now());
    return true;
  }

  private afterFailure(matchId: string, pending: Pending, error: unknown): void {
    if (this.pending.get(matchId) !== pending || this.stopped) return;
    if (isRuleViolation(error) && error.code === 'TURN_NOT_EXPIRED') {
      // Early by the engine's clock: the turn still waits on us, so arm again just past its deadline.
      this.logger.debug(`timeout of ${matchId}@${pending.revision} fired early; armed again`);
      this.schedule(matchId, pending, pending.deadline - this.clock.now() + EARLY_MARGIN_MS);
      return;
    }
    if (isRuleViolation(error) || (error instanceof Refusal && error.code !== 'CONFLICT')) {
      // Any other answer (the match is over, the server is shutting down) will not change by retrying.
      this.logger.warn(`timeout of ${matchId}@${pending.revision} refused: ${describeError(error)}`);
      this.pending.delete(matchId);
      return;
    }
    const pause = backoff(pending.failures++, 200);
    this.logger.warn(`timeout of ${matchId}@${pending.revision} not applied (${describeError(error)}); retrying in ${pause} ms`);
    this.schedule(matchId, pending, pause);
  }
}
