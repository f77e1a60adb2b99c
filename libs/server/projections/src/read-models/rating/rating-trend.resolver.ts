import { Args, ID, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { checkFirst } from '@liars-dice/server-platform';
import { checkFamily } from '../family';
import { RatingQueries } from './rating.queries';
import { LeaderboardEntryView, RatingChangeView } from './rating.types';
import { ratingChangeView } from './rating.view';

const POINTS = { type: () => Int, defaultValue: 60, description: 'At most this many changes (1 to 500): every k-th from the first, and the latest.' };

/** Rating over time for charts: a player's whole history in a family, thinned to a number of points. */
@Resolver(() => LeaderboardEntryView)
export class RatingTrendResolver {
  constructor(private readonly queries: RatingQueries) {}

  @Query(() => [RatingChangeView], { description: "A player's rating over their whole history in a family, oldest first, thinned to `points` changes." })
  ratingTrend(
    @Args('player', { type: () => ID }) player: string,
    @Args('family') family: string,
    @Args('points', POINTS) points: number,
  ): RatingChangeView[] {
    checkFirst(points, 500, 'points');
    checkFamily(family);
    return this.queries.trend(player, family, points).map(ratingChangeView);
  }

  @ResolveField(() => [RatingChangeView], { description: 'This player’s rating over time on this ladder, oldest first (as `ratingTrend`).' })
  trend(@Parent() entry: LeaderboardEntryView, @Args('points', POINTS) points: number): RatingChangeView[] {
    checkFirst(points, 500, 'points');
    return this.queries.trend(entry.player, entry.family, points).map(ratingChangeView);
  }
}
