import { Inject } from '@nestjs/common';
import { Float, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { idleExpiry, lobbyIdleSecondsOf } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { MatchSummaryView } from './match-list.types';

/**
 * What a list row says that depends on this server's settings, so the read model cannot store it: computed each
 * time a row is read or pushed.
 */
@Resolver(() => MatchSummaryView)
export class MatchSummaryResolver {
  constructor(@Inject(SERVER_SETTINGS) private readonly settings: ServerSettings) {}

  @ResolveField(() => Float, {
    nullable: true,
    description:
      'A waiting casual lobby: when it expires (ms since the epoch) unless someone joins, leaves or starts it first, as `MatchView.lobbyExpiresAt` says. Null for a started or closed match, a tournament table, or a lobby that never expires (its host chose no idle time and LOBBY_IDLE_SECONDS=0).',
  })
  lobbyExpiresAt(@Parent() summary: MatchSummaryView): number | null {
    // The sum the lobby timer makes, from the commit time and the host's choice the read model stored; only a
    // casual lobby has an idleSince, so no tournament table reaches the rule.
    const idleSeconds = lobbyIdleSecondsOf({ lobbyIdleSeconds: summary.lobbyIdleSeconds ?? undefined, tournament: null }, this.settings);
    return idleSeconds === null ? null : idleExpiry(summary.idleSince, idleSeconds);
  }
}
