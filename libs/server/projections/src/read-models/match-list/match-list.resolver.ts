import { Args, Context, Int, Query, Resolver, Subscription } from '@nestjs/graphql';
import { checkFirst, eachValue, mapPage, pageSize, parseTime, Refusal } from '@liars-dice/server-platform';
import { type Principal, principalOf, type RequestContext, Viewer } from '@liars-dice/server-auth';
import { MatchListFeed } from './match-list.feed';
import { MatchListQueries, type MatchSearch } from './match-list.queries';
import { MatchFilterInput, MatchListUpdateView, MatchPage } from './match-list.types';
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
  ) {}

  @Query(() => MatchPage, { description: 'Matches newest first, filtered; a moment behind the commands (the read side follows the log).' })
  matches(
    @Viewer() viewer: Principal | null,
    @Args('filter', { type: () => MatchFilterInput, nullable: true }) filter: MatchFilterInput | null,
    @Args('first', { type: () => Int, ...pageSize(20, 100, 'matches') }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): MatchPage {
    checkFirst(first);
    return mapPage(this.queries.search(searchOf(filter ?? {}, viewer), first, after), matchSummaryView);
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
