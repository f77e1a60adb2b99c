import { Args, Query, Resolver } from '@nestjs/graphql';
import { readCounters } from '../../engine/counters';
import { CONSISTENT_AFTER, ConsistentReads } from '../../feed/consistent-reads';
import { ReadDatabase } from '../../read-connection';
import { checkFamily } from '../family';
import { GlobalStatsView } from './global-stats.types';
import { globalStatsViews } from './global-stats.view';

@Resolver()
export class GlobalStatsResolver {
  constructor(
    private readonly read: ReadDatabase,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => [GlobalStatsView], { description: 'Per family and table size ("all" for totals), ranked regular matches only.' })
  async globalStats(
    @Args('family', { type: () => String, nullable: true }) family: string | null,
    @Args('consistentAfter', { type: () => String, ...CONSISTENT_AFTER }) consistentAfter: string | null,
  ): Promise<GlobalStatsView[]> {
    checkFamily(family);
    await this.reads.reached(consistentAfter);
    return globalStatsViews(readCounters(this.read.db, 'global_stats', {}), family);
  }
}
