import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { backoff, describeError, guarded, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type Action, isRuleViolation, legalActions, playerView } from '@liars-dice/game-rules';
import { CallLiarCommand, CallSpotOnCommand, LiveMatches, PlaceBidCommand } from '@liars-dice/server-matches';
import { cpuPlays, type Difficulty, type MatchRecord } from '@liars-dice/game-match';
import { CPU_POLICY, type CpuPolicy } from './cpu-policy';

/**
 * Plays the CPU seats: whenever a match waits on one, it asks the policy with that seat's `playerView` only
 * and sends the move through the command bus like any client. Each move names the revision it was chosen
 * at, so a move for a state that has moved on (or a second replica's copy) is a no-op. The policy may answer
 * later (it runs on the CPU-seat thread in the API): a move whose match moved on meanwhile is
 * not sent at all.
 *
 * A move the server refuses (the match moved on) is dropped: the next change asks again. Any other failure
 * (the store unavailable, a policy bug) is logged and the move retried with backoff while the match still
 * waits on that seat at that revision, so a CPU seat never leaves its table hanging; nothing here throws
 * out of a subscriber or a timer.
 */
@Injectable()
export class BotDriver implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BotDriver.name);
  private subscription: Subscription | null = null;
  private readonly thinking = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly matches: LiveMatches,
    private readonly commandBus: CommandBus,
    @Inject(CPU_POLICY) private readonly policy: CpuPolicy,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = this.matches.changes$.subscribe(guarded(this.logger, 'considering a CPU move', (record: MatchRecord) => this.consider(record)));
    await this.matches.ready();
    for (const record of this.matches.all()) this.consider(record);
  }

  /** Stops first, then closes the policy: the decisions it rejects on closing then end quietly. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    for (const handle of this.thinking) clearTimeout(handle);
    await this.policy.close?.();
  }

  /**
   * A CPU seat to act plays after its think time. With replicas, the one that wrote the match's last command (the
   * record names it) plays it; the others wait `takeoverMs` longer and play it only if the match is still waiting
   * on it then (that replica died), a copy that still loses a race being fenced by the expected revision.
   */
  private consider(record: MatchRecord): void {
    const game = record.game;
    if (this.stopped || game.status !== 'bidding') return;
    const seat = record.table.seats.find((s) => s.seat === game.toAct);
    if (!seat || !cpuPlays(seat)) return;
    const standBy = this.matches.wroteLast(record) ? 0 : this.settings.takeoverMs;
    this.later(this.settings.botThinkMs + standBy, () => this.play(record, seat.seat, seat.difficulty ?? 'medium', 0));
  }

  private later(ms: number, job: () => Promise<void>): void {
    if (ms <= 0) {
      void job();
      return;
    }
    const handle = setTimeout(() => {
      this.thinking.delete(handle);
      void job();
    }, ms);
    this.thinking.add(handle);
  }

  /** Never rejects. */
  private async play(record: MatchRecord, seat: string, difficulty: Difficulty, attempt: number): Promise<void> {
    const matchId = record.table.matchId;
    if (this.movedOn(record)) return;
    try {
      const action = await this.decide(record, seat, difficulty);
      // Played meanwhile (while the policy thought), or stopping: nothing to send.
      if (!action || this.stopped || this.movedOn(record)) return;
      const target = { matchId, commandId: `cpu:${record.revision}`, actor: { kind: 'cpu', seat } as const, seenRevision: record.revision };
      await this.commandBus.execute(commandFor(action, target));
    } catch (error) {
      if (isRuleViolation(error) || error instanceof Refusal) {
        this.logger.warn(`CPU ${seat} of ${matchId} could not play: ${describeError(error)}`);
        return;
      }
      const stillWaiting = this.matches.get(matchId)?.revision === record.revision;
      if (this.stopped || !stillWaiting) return;
      const pause = backoff(attempt, 200);
      this.logger.error(`CPU ${seat} of ${matchId}@${record.revision} failed (${describeError(error)}); retrying in ${pause} ms`);
      this.later(pause, () => this.play(record, seat, difficulty, attempt + 1));
    }
  }

  /** Played meanwhile (by another replica, or a player left): the match held is past the revision it was to act at. */
  private movedOn(record: MatchRecord): boolean {
    return (this.matches.get(record.table.matchId)?.revision ?? record.revision) !== record.revision;
  }

  /** The seat's move from its own view only (never the match state: the policy must not see hidden dice). */
  private async decide(record: MatchRecord, seat: string, difficulty: Difficulty): Promise<Action | null> {
    const view = playerView(record.game, seat);
    const legal = legalActions(record.game, seat);
    if (!view || legal.length === 0) return null;
    return this.policy.choose(difficulty, view, legal, `${record.table.matchId}|${record.revision}`);
  }
}

function commandFor(action: Action, target: ConstructorParameters<typeof CallLiarCommand>[0]) {
  if (action.type === 'bid') return new PlaceBidCommand(target, action.quantity, action.face);
  return action.type === 'liar' ? new CallLiarCommand(target) : new CallSpotOnCommand(target);
}
