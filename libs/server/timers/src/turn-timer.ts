import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { Clock, Dispatcher } from '@liars-dice/server-platform';
import { MatchCatalog, TimeOutCommand } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';

const SWEEP_MS = 1000;

interface Pending {
  readonly revision: bigint;
  readonly deadline: number;
  readonly handle: NodeJS.Timeout;
}

/**
 * Fires the engine's TimeOut when a recorded turn deadline passes. Deadlines live in the events, so after
 * a restart the catch-up re-arms every timer and overdue ones fire at once. Each timer names the revision
 * it was armed at: if the turn moved on, the command is a no-op (never a second penalty).
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
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.catalog.changes$.subscribe((record) => this.arm(record));
    await this.catalog.ready();
    for (const record of this.catalog.all()) this.arm(record);
    // Each timer is also checked against the clock every second, so a clock that jumps (or a timer that
    // fired early) still fires on time.
    this.sweeper = setInterval(() => void this.fireDue(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const { handle } of this.pending.values()) clearTimeout(handle);
    this.pending.clear();
  }

  /** Fires every timer whose deadline has passed by the clock now (the timers call it; tests may too). */
  async fireDue(): Promise<void> {
    const now = this.clock.now();
    const due = [...this.pending.entries()].filter(([, p]) => p.deadline <= now);
    await Promise.all(due.map(([matchId, p]) => this.fire(matchId, p.revision)));
  }

  private arm(record: MatchRecord): void {
    const matchId = record.table.matchId;
    const previous = this.pending.get(matchId);
    if (previous && previous.revision >= record.revision) return;
    if (previous) clearTimeout(previous.handle);
    this.pending.delete(matchId);
    const game = record.game;
    if (this.stopped || game.status !== 'bidding' || game.turnDeadline === null) return;
    const deadline = game.turnDeadline;
    const handle = setTimeout(() => void this.fire(matchId, record.revision), Math.max(0, deadline - this.clock.now()));
    handle.unref();
    this.pending.set(matchId, { revision: record.revision, deadline, handle });
  }

  private async fire(matchId: string, revision: bigint): Promise<void> {
    const pending = this.pending.get(matchId);
    if (pending?.revision === revision) this.pending.delete(matchId);
    try {
      await this.dispatcher.execute(new TimeOutCommand(matchId, revision));
    } catch (error) {
      this.logger.warn(`timeout of ${matchId}@${revision} not applied: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
