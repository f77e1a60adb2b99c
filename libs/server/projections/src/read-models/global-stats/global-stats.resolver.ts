import { Args, Query, Resolver } from '@nestjs/graphql';
import { readCounters } from '../../engine/counters';
import { ReadDatabase } from '../../read-connection';
import { checkFamily } from '../family';
import { GlobalStatsView } from './global-stats.types';
import { globalStatsViews } from './global-stats.view';

@Resolver()
export class GlobalStatsResolver {
  constructor(private readonly read: ReadDatabase) {}

  @Query(() => [GlobalStatsView], { description: 'Per family and table size ("all" for totals), ranked regular matches only.' })
  globalStats(@Args('family', { type: () => String, nullable: true }) family: string | null): GlobalStatsView[] {
    checkFamily(family);
    return globalStatsViews(readCounters(this.read.db, 'global_stats', {}), family);
  }
}
