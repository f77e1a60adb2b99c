import { Args, Context, ID, Query, Resolver, Subscription } from '@nestjs/graphql';
import { defer, filter, from, map, merge, takeWhile } from 'rxjs';
import { eachValue } from '@liars-dice/server-platform';
import { principalOf, type Principal, type RequestContext, Viewer } from '@liars-dice/server-auth';
import { MatchCatalog } from './match-catalog';
import { MatchReader } from './match-reader';
import { MatchVerifier } from './match-verifier';
import { sharedView } from './match-views';
import { VerificationView } from './graphql/verification.types';
import { MatchView } from './graphql/match-view.types';

/** The match view's statuses after which nothing changes what a player sees. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['finished', 'closed']);

@Resolver()
export class MatchQueriesResolver {
  constructor(
    private readonly reader: MatchReader,
    private readonly catalog: MatchCatalog,
    private readonly verifier: MatchVerifier,
  ) {}

  @Query(() => MatchView, { description: "The caller's own view: own dice only; spectators see the public view." })
  match(@Viewer() viewer: Principal | null, @Args('id', { type: () => ID }) id: string): Promise<MatchView> {
    return this.reader.view(id, viewer);
  }

  @Query(() => VerificationView, { description: 'Recomputes every roll and shot of a finished match from its revealed seed.', complexity: 1500 })
  async verifyMatch(@Args('id', { type: () => ID }) id: string): Promise<VerificationView> {
    const v = await this.verifier.verify(id);
    const rounds = v.rounds.map((r) => ({ round: r.round, hands: r.hands.map((h) => ({ ...h, dice: [...h.dice] })) }));
    return { ...v, discrepancies: [...v.discrepancies], seats: [...v.seats], rounds, pulls: [...v.pulls] };
  }

  @Subscription(() => MatchView, {
    description:
      "The subscriber's own view now, then after every command that changes the match; completes after the final view (status finished or closed), at once for a match already over.",
    resolve: (view: MatchView) => view,
  })
  matchUpdated(@Context() context: RequestContext, @Args('id', { type: () => ID }) id: string): AsyncIterableIterator<MatchView> {
    const viewer = principalOf(context);
    // Changes are watched from the start, the current view read meanwhile; the subscriber sees revisions
    // only move forward (a change older than the view it already has is skipped). An unknown match fails
    // the view: that error ends this subscription, for this client only. A final view (the match finished, or
    // its lobby closed) is the last push: the subscription then completes (graphql-ws `complete`), so neither
    // the client nor this server keeps a subscription nothing will ever reach.
    let shown = -1n;
    const now = defer(() => from(this.reader.view(id, viewer)));
    const later = this.catalog.changesOf(id).pipe(map((record) => sharedView(record, viewer)));
    const newer = filter((view: MatchView) => {
      const revision = BigInt(view.revision);
      if (revision <= shown) return false;
      shown = revision;
      return true;
    });
    return eachValue(merge(now, later).pipe(newer, takeWhile((view) => !FINAL_STATUSES.has(view.status), true)));
  }
}
