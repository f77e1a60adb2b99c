import { Args, Context, Query, Resolver, Subscription } from '@nestjs/graphql';
import { checkFirst, eachValue, mapPage, parseTime, Refusal } from '@liars-dice/server-platform';
import { type Principal, principalOf, type RequestContext, Viewer } from '@liars-dice/server-auth';
import { ConsistentReads } from '../../feed/consistent-reads';
import { MatchListFeed } from './match-list.feed';
import { MatchListQueries, type MatchSearch } from './match-list.queries';
import { MatchesArgs, MatchFilterInput, MatchListUpdateView, MatchPage } from './match-list.types';
import { matchSummaryView } from './match-list.view';

/** The filter as the query takes it: times parsed, `player` and `mine` as the accounts the match involves. */
function searchOf(filter: MatchFilterInput, viewer: Principal | null): MatchSearch {
  if (filter.mine && !viewer) throw new Refusal('UNAUTHENTICATED', 'filter.mine: sign in first', 'filter.mine');
  const players = [filter.player, filter.mine ? viewer?.id : null].filter((id): id is string => typeof id === 'string');
  const openedFrom = parseTime(filter.openedFrom, 'filter.openedFrom');
  const openedTo = parseTime(filter.openedTo, 'filter.openedTo');
  return { ...filter, players, openedFrom, openedTo };
}

/** The one match list, served from the match-list read model. */
@Resolver()
export class MatchListResolver {
  constructor(
    private readonly queries: MatchListQueries,
    private readonly feed: MatchListFeed,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => MatchPage, { description: 'Matches newest first, filtered; a moment behind the commands (the read side follows the log).' })
  async matches(@Viewer() viewer: Principal | null, @Args() { filter, first, after, consistentAfter }: MatchesArgs): Promise<MatchPage> {
    checkFirst(first);
    const search = searchOf(filter ?? {}, viewer);
    await this.reads.reached(consistentAfter);
    return mapPage(this.queries.search(search, first, after ?? null), matchSummaryView);
  }

  @Subscription(() => MatchListUpdateView, {
    description:
      'The list `matches(filter)` reads changed: SUBSCRIBED first (read the list then), afterwards the rows that entered, changed or left it (opened, seated, started, finished, disputed, voided), at most one push every 3 s per subscription (the first change after a quiet stretch at once), never one per move. Same filter and checks as `matches`; missed pushes are not replayed (read the list again on reconnect).',
    resolve: (update: MatchListUpdateView) => update,
  })
  matchListUpdated(
    @Context() context: RequestContext,
    @Args('filter', { type: () => MatchFilterInput, nullable: true }) filter: MatchFilterInput | null,
  ): AsyncIterableIterator<MatchListUpdateView> {
    return eachValue(this.feed.updates(searchOf(filter ?? {}, principalOf(context))));
  }
}
