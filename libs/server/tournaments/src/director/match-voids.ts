import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import { matchIdOf } from '@liars-dice/game-match';
import { isTournamentViolation, type UntimedTournamentCommand } from '@liars-dice/game-tournament';
import { LiveMatches } from '@liars-dice/server-matches';
import { RestoreTableCommand, VoidTableCommand } from '../commands/tournament.commands';
import { followFromStart } from './store-follower';
import { SERVER } from './tournament-steps';

/** Moderation's events on a match stream that void a match and lift that void (docs/moderation.md). */
export const VOIDED = 'MatchVoided';
export const UNVOIDED = 'MatchUnvoided';

/**
 * Carries moderation's voids over to tournaments: a voided table match is voided at its table (its points
 * removed, or the table replayed: docs/tournaments.md), a lifted void restores it. It follows the store from
 * the first void at every start, so a void written while no server ran is not lost; each is sent with the
 * void event's id as its command id, so hearing it again does nothing.
 */
@Injectable()
export class MatchVoids implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly matches: LiveMatches,
    private readonly commandBus: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = followFromStart(this.store, [VOIDED, UNVOIDED], () => this.matches.ready(), (event) => this.heard(event));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private async heard(event: RecordedEvent): Promise<void> {
    const matchId = matchIdOf(event.streamName);
    const tournament = matchId === null ? undefined : this.matches.get(matchId)?.table.tournament;
    if (!matchId || !tournament) return;
    const { tournamentId, round, table } = tournament;
    const reason = String((event.data as { reason?: unknown }).reason ?? 'voided by a moderator');
    const target = { tournamentId, commandId: `${event.type === VOIDED ? 'void' : 'restore'}-${event.id}`, actor: { kind: 'director' as const, tournamentId } };
    const asked: UntimedTournamentCommand =
      event.type === VOIDED ? { type: 'VoidTable', data: { round, table, matchId, by: SERVER, reason } } : { type: 'RestoreTable', data: { round, table, matchId, by: SERVER } };
    try {
      await this.commandBus.execute(event.type === VOIDED ? new VoidTableCommand(target, asked) : new RestoreTableCommand(target, asked));
    } catch (error) {
      // A void of a match its table no longer plays (replayed), a tournament over or cancelled: nothing to do.
      if (!isTournamentViolation(error) && !(error instanceof Refusal)) throw error;
    }
  }
}
