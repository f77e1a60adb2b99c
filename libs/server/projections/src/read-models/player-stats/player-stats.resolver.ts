import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { readCounters } from '../../engine/counters';
import { ReadDatabase } from '../../read-connection';
import { checkFamily } from '../family';
import { PlayerStatsView } from './player-stats.types';
import { playerStatsViews } from './player-stats.view';

@Resolver()
export class PlayerStatsResolver {
  constructor(private readonly read: ReadDatabase) {}

  @Query(() => [PlayerStatsView], { description: 'Per family and overall ("all"), ranked regular matches only.' })
  playerStats(@Args('player', { type: () => ID }) player: string, @Args('family', { type: () => String, nullable: true }) family: string | null): PlayerStatsView[] {
    checkFamily(family);
    return playerStatsViews(readCounters(this.read.db, 'player_stats', { account: player }), family);
  }
}
