import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { readCounters } from '../../engine/counters';
import { CONSISTENT_AFTER, ConsistentReads } from '../../feed/consistent-reads';
import { ReadDatabase } from '../../read-connection';
import { checkFamily } from '../family';
import { PlayerStatsView } from './player-stats.types';
import { playerStatsViews } from './player-stats.view';

@Resolver()
export class PlayerStatsResolver {
  constructor(
    private readonly read: ReadDatabase,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => [PlayerStatsView], { description: 'Per family and overall ("all"), ranked regular matches only.' })
  async playerStats(
    @Args('player', { type: () => ID }) player: string,
    @Args('family', { type: () => String, nullable: true }) family: string | null,
    @Args('consistentAfter', { type: () => String, ...CONSISTENT_AFTER }) consistentAfter: string | null,
  ): Promise<PlayerStatsView[]> {
    checkFamily(family);
    await this.reads.reached(consistentAfter);
    return playerStatsViews(readCounters(this.read.db, 'player_stats', { account: player }), family);
  }
}
