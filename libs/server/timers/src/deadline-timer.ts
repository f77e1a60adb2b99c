import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Command, CommandBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { backoff, type Clock, describeError, guarded, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import { isRuleViolation } from '@liars-dice/game-rules';
import type { LiveMatches } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';

const SWEEP_MS = 1000;
/** How long after the engine's own deadline a timer refused as early tries again. */
const EARLY_MARGIN_MS = 5;
/**
 * setTimeout's longest delay (about 24.8 days). Node fires a longer one after 1 ms instead, and lobby idle times
 * go up to 30 days: a longer wait is taken in steps.
 */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

interface Pending {
  readonly revision: bigint;
  readonly deadline: number;
  /** When this replica fires it: the deadline, or `takeoverMs` later if another replica wrote the match's last command. */
  readonly fireAt: number;
  /** The record it was armed on. */
  readonly record: MatchRecord;
  handle: NodeJS.Timeout;
  /** Its command is on the bus: the sweep must not start a second meanwhile. */
  firing: boolean;
  /** Failed attempts so far (store errors), for the retry's backoff. */
  failures: number;
}

/**
 * One timer per match for a deadline its record says (a turn's, an idle lobby's, an absent player's), firing a
 * machine command once it passes. The deadline follows from the events, so after a restart LiveMatches's catch-up
 * re-arms every timer and overdue ones fire at once. Each timer names the revision it was armed at: if the match
 * moved on, the command is a no-op (fenced by the runner), never a second effect.
 *
 * A timer forgets its match only once the match has moved on (a newer revision re-armed it) or its command was
 * applied. Node's timers can fire a millisecond before the deadline as the clock measures it: the decider then
 * refuses with the subclass's `earlyCode` and the timer arms again just after the deadline. Any other failure (the
 * store unavailable) is logged and retried with backoff; nothing here throws out of a callback.
 */
export abstract class DeadlineTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly logger: Logger;
  /** What the logs call one firing ("timeout", "lobby expiry"). */
  protected abstract readonly job: string;
  /** The decider's answer to a command that came before the deadline by the server's own clock. */
  protected abstract readonly earlyCode: string;
  private readonly pending = new Map<string, Pending>();
  private subscription: Subscription | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly matches: LiveMatches,
    private readonly commandBus: CommandBus,
    protected readonly clock: Clock,
    protected readonly settings: ServerSettings,
  ) {}

  /** The deadline (epoch ms) the record sets for this timer, or null when it waits on nothing. */
  protected abstract deadlineOf(record: MatchRecord): number | null;
  /** The command that acts once the record's deadline has passed. */
  protected abstract commandFor(record: MatchRecord, deadline: number): Command<unknown>;

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.matches.changes$.subscribe(guarded(this.logger, `arming a ${this.job} timer`, (record: MatchRecord) => this.arm(record)));
    await this.matches.ready();
    for (const record of this.matches.all()) this.arm(record);
    // Each timer is also checked against the clock every second, so a clock that jumps still fires on time.
    this.sweeper = setInterval(guarded(this.logger, `the ${this.job} sweep`, () => this.fireDue()), SWEEP_MS);
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

  /** How many matches are waiting on a timer (tests). */
  get armed(): number {
    return this.pending.size;
  }

  /**
   * With replicas, the one that wrote the match's last command (the record names it) fires it at the deadline; the
   * others only if it has not by `takeoverMs` after it (it died), a copy that still loses a race being fenced by
   * the expected revision.
   */
  private arm(record: MatchRecord): void {
    const matchId = record.table.matchId;
    const previous = this.pending.get(matchId);
    if (previous && previous.revision >= record.revision) return;
    if (previous) clearTimeout(previous.handle);
    this.pending.delete(matchId);
    const deadline = this.stopped ? null : this.deadlineOf(record);
    if (deadline === null) return;
    const fireAt = deadline + (this.matches.wroteLast(record) ? 0 : this.settings.takeoverMs);
    const pending: Pending = { revision: record.revision, deadline, fireAt, record, handle: undefined as unknown as NodeJS.Timeout, firing: false, failures: 0 };
    this.pending.set(matchId, pending);
    this.schedule(matchId, pending, pending.fireAt - this.clock.now());
  }

  private schedule(matchId: string, pending: Pending, delayMs: number): void {
    clearTimeout(pending.handle);
    const rest = delayMs - LONGEST_DELAY_MS;
    const due = rest > 0 ? () => this.schedule(matchId, pending, rest) : () => void this.fire(matchId, pending);
    pending.handle = setTimeout(due, Math.max(0, Math.min(delayMs, LONGEST_DELAY_MS)));
    pending.handle.unref();
  }

  /** Sends the command; never rejects. */
  private async fire(matchId: string, pending: Pending): Promise<void> {
    if (this.pending.get(matchId) !== pending || pending.firing || this.stopped) return;
    pending.firing = true;
    try {
      await this.commandBus.execute(this.commandFor(pending.record, pending.deadline));
      if (this.pending.get(matchId) === pending) this.pending.delete(matchId);
    } catch (error) {
      this.afterFailure(matchId, pending, error);
    } finally {
      pending.firing = false;
    }
  }

  private afterFailure(matchId: string, pending: Pending, error: unknown): void {
    if (this.pending.get(matchId) !== pending || this.stopped) return;
    const refused = isRuleViolation(error) || error instanceof Refusal;
    if (refused && error.code === this.earlyCode) {
      // Early by the decider's clock: the match still waits on us, so arm again just past its deadline.
      this.logger.debug(`${this.job} of ${matchId}@${pending.revision} fired early; armed again`);
      this.schedule(matchId, pending, pending.deadline - this.clock.now() + EARLY_MARGIN_MS);
      return;
    }
    if (refused && error.code !== 'CONFLICT') {
      // Any other answer (the match is over, the server is shutting down) will not change by retrying.
      this.logger.warn(`${this.job} of ${matchId}@${pending.revision} refused: ${describeError(error)}`);
      this.pending.delete(matchId);
      return;
    }
    const pause = backoff(pending.failures++, 200);
    this.logger.warn(`${this.job} of ${matchId}@${pending.revision} not applied (${describeError(error)}); retrying in ${pause} ms`);
    this.schedule(matchId, pending, pause);
  }
}
