import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, mapPage, Refusal } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { ConsistentReads } from '../../feed/consistent-reads';
import { requireModerator } from '../moderator';
import { CollusionQueries } from './collusion.queries';
import { PairSignalsPage, SuspiciousPairsArgs } from './collusion.types';
import { pairSignalsView } from './collusion.view';

/** Every pair that shared a ranked match, ranked by the collusion signal (moderators only). */
@Resolver()
export class CollusionResolver {
  constructor(
    private readonly queries: CollusionQueries,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => PairSignalsPage, { description: 'Moderators: pairs of players by collusion suspicion, most suspicious first.' })
  async suspiciousPairs(@Viewer() viewer: Principal | null, @Args() { minSuspicion, first, after, consistentAfter }: SuspiciousPairsArgs): Promise<PairSignalsPage> {
    requireModerator(viewer);
    checkFirst(first);
    if (!Number.isFinite(minSuspicion) || minSuspicion < 0) throw new Refusal('BAD_USER_INPUT', 'minSuspicion: 0 or more', 'minSuspicion');
    await this.reads.reached(consistentAfter);
    return mapPage(this.queries.suspiciousPairs(minSuspicion, first, after ?? null), pairSignalsView);
  }
}
