import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, mapPage, pageSize, Refusal } from '@liars-dice/server-platform';
import { Player, type Principal } from '@liars-dice/server-auth';
import { CONSISTENT_AFTER, ConsistentReads } from '../../feed/consistent-reads';
import { ProjectionControl } from '../../feed/projection-control';
import { checkFamily } from '../family';
import { RatingQueries } from './rating.queries';
import { LeaderboardPage, RatingHistoryArgs, RatingHistoryPage } from './rating.types';
import { leaderboardView, ratingChangeView } from './rating.view';

/** The ranked ladders, one per family. */
@Resolver()
export class RatingResolver {
  constructor(
    private readonly queries: RatingQueries,
    private readonly control: ProjectionControl,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => LeaderboardPage, { description: "A family's ranked ladder, best displayed rating first." })
  async leaderboard(
    @Args('family') family: string,
    @Args('first', { type: () => Int, ...pageSize(20, 100, 'players') }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('consistentAfter', { type: () => String, ...CONSISTENT_AFTER }) consistentAfter: string | null,
  ): Promise<LeaderboardPage> {
    checkFirst(first);
    checkFamily(family);
    await this.reads.reached(consistentAfter);
    return mapPage(this.queries.leaderboard(family, first, after), leaderboardView);
  }

  @Query(() => RatingHistoryPage, { description: "A player's rating after each ranked result in a family, oldest first." })
  async ratingHistory(@Args() { player, family, first, after, consistentAfter }: RatingHistoryArgs): Promise<RatingHistoryPage> {
    checkFirst(first);
    checkFamily(family);
    await this.reads.reached(consistentAfter);
    return mapPage(this.queries.ratingHistory(player, family, first, after ?? null), ratingChangeView);
  }

  @Mutation(() => Int, { description: "Admins: recompute a family's ladder from its remaining ranked results; returns players rated." })
  async recomputeRatings(@Player() me: Principal, @Args('family') family: string): Promise<number> {
    if (me.role !== 'admin') throw new Refusal('FORBIDDEN', 'admins only');
    checkFamily(family);
    await this.control.recompute(family);
    return this.queries.rated(family);
  }
}
