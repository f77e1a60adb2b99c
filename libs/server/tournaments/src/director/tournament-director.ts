import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import type { Actor } from '@liars-dice/game-match';
import { type DirectorTask, directorTasks, type TournamentRecord } from '@liars-dice/game-tournament';
import { LiveMatches } from '@liars-dice/server-matches';
import { TournamentCatalog } from '../tournament-catalog';
import { TableOpener } from './table-opener';
import { TournamentSteps } from './tournament-steps';

/** How often the director looks for tournaments whose start time has come. */
const START_CHECK_MS = 1_000;

/**
 * The tournaments' process manager (docs/tournaments.md, "The director"): after every change to a tournament,
 * every table match that finishes, and at start-up, it asks the domain what the tournament needs now
 * (`directorTasks`) and does it through the command bus — start it, draw the round due, open, start and assign
 * each table's match, record each result, take leavers out. It keeps no state of its own: a crash between two
 * steps loses nothing, and every step is idempotent or fenced by the tournament stream's revision, so a
 * restarted process or a second one never seats a round twice.
 */
@Injectable()
export class TournamentDirector implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TournamentDirector.name);
  private readonly working = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly subscriptions: Subscription[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly tournaments: TournamentCatalog,
    private readonly matches: LiveMatches,
    private readonly steps: TournamentSteps,
    private readonly tables: TableOpener,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(
      this.tournaments.changes$.subscribe((record) => this.poke(record.state.config.tournamentId)),
    );
    this.subscriptions.push(
      this.matches.changes$.subscribe((record) => {
        const tournament = record.table.tournament;
        if (tournament && record.game.status === 'finished') this.poke(tournament.tournamentId);
      }),
    );
    await Promise.all([this.tournaments.ready(), this.matches.ready()]);
    for (const record of this.tournaments.all())
      if (this.active(record)) this.poke(record.state.config.tournamentId);
    this.timer = setInterval(() => this.startDue(), START_CHECK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.working.values()]);
  }

  /** Resolves once nothing is being done for any tournament (tests and the simulation wait on it). */
  async idle(): Promise<void> {
    while (this.working.size > 0) await Promise.allSettled([...this.working.values()]);
  }

  private active(record: TournamentRecord): boolean {
    return record.state.status === 'registration' || record.state.status === 'running';
  }

  /** Reads the clock only when a tournament waits for its start (a server without any leaves the clock alone). */
  private startDue(): void {
    const waiting = [...this.tournaments.all()].filter((record) => record.state.status === 'registration');
    if (waiting.length === 0) return;
    const now = this.steps.now();
    for (const record of waiting) if (record.state.config.startsAt <= now) this.poke(record.state.config.tournamentId);
  }

  /** Work on one tournament at a time; a poke while it is worked on runs it once more afterwards. */
  private poke(tournamentId: string): void {
    if (this.stopped || !this.steps.accepting()) return;
    if (this.working.has(tournamentId)) {
      this.again.add(tournamentId);
      return;
    }
    const work = this.reconcile(tournamentId).finally(() => {
      this.working.delete(tournamentId);
      if (this.again.delete(tournamentId)) this.poke(tournamentId);
    });
    this.working.set(tournamentId, work);
  }

  private async reconcile(tournamentId: string): Promise<void> {
    try {
      const record = await this.steps.read(tournamentId);
      if (!record || !this.active(record)) return;
      for (const task of directorTasks(record.state, this.steps.now())) {
        if (this.stopped) return;
        await this.perform(record, task);
      }
    } catch (error) {
      this.logger.warn(
        `tournament ${tournamentId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private perform(record: TournamentRecord, task: DirectorTask): Promise<unknown> {
    const director: Actor = { kind: 'director', tournamentId: record.state.config.tournamentId };
    switch (task.kind) {
      case 'start':
        return this.steps.start(record, director);
      case 'seat-round':
        return this.steps.seat(record, director, task.round);
      case 'open-table':
        return this.tables.open(record, director, task);
      case 'collect-result':
        return this.steps.collect(record, director, task, this.matches.get(task.matchId));
      case 'remove-from-table':
        return this.tables.remove(record, director, task);
    }
  }
}
