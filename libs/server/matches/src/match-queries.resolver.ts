import { Inject } from '@nestjs/common';
import { Args, Context, ID, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Observable } from 'rxjs';
import { lobbyIdleCeiling, type MatchRecord } from '@liars-dice/game-match';
import { asArgument, eachValue, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { principalOf, type Principal, type RequestContext, Viewer } from '@liars-dice/server-auth';
import { LiveMatches } from './live-matches';
import type { MatchWatcher } from './match-announcements';
import { MatchReader } from './match-reader';
import { MatchVerifier } from './match-verifier';
import { VerificationView } from './graphql/verification.types';
import { LobbyIdleTimesView, MatchView } from './graphql/match-view.types';

/** The match view's statuses after which nothing changes what a player sees. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['finished', 'closed']);

@Resolver()
export class MatchQueriesResolver {
  constructor(
    private readonly reader: MatchReader,
    private readonly matches: LiveMatches,
    private readonly verifier: MatchVerifier,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'lobbyIdleSeconds' | 'lobbyIdleMaxSeconds'>,
  ) {}

  @Query(() => LobbyIdleTimesView, { description: "The idle times a host may choose for a new lobby: the server's default and the longest." })
  lobbyIdleTimes(): LobbyIdleTimesView {
    const { lobbyIdleSeconds, lobbyIdleMaxSeconds } = this.settings;
    return { defaultSeconds: lobbyIdleSeconds > 0 ? lobbyIdleSeconds : null, maxSeconds: lobbyIdleCeiling(lobbyIdleMaxSeconds) };
  }

  @Query(() => MatchView, { description: "The caller's own view: own dice only; spectators see the public view." })
  match(@Viewer() viewer: Principal | null, @Args('id', { type: () => ID }) id: string): Promise<MatchView> {
    return asArgument('id', 'matchId', this.reader.view(id, viewer));
  }

  @Query(() => VerificationView, { description: 'Recomputes every roll and shot of a finished match from its revealed seed.', complexity: 1500 })
  async verifyMatch(@Args('id', { type: () => ID }) id: string): Promise<VerificationView> {
    const v = await asArgument('id', 'matchId', this.verifier.verify(id));
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
    return eachValue(liveViews(() => asArgument('id', 'matchId', this.reader.view(id, viewer)), (watcher) => this.matches.watch(id, watcher), (record) => this.reader.pushed(record, viewer)));
  }
}

/**
 * A subscriber's views: the current one (`now`), and one per change after it (`watch` starts before `now` is read),
 * each only if newer than the last shown (revisions only move forward); after a final view (status finished or
 * closed) it completes. One observable and one watcher per subscription instead of an operator chain (merge,
 * filter, takeWhile, map), whose objects every subscription would keep alive (ADR 0028).
 */
export function liveViews(now: () => Promise<MatchView>, watch: (watcher: MatchWatcher) => () => void, viewOf: (record: MatchRecord) => MatchView): Observable<MatchView> {
  return new Observable<MatchView>((subscriber) => {
    let shown = -1n;
    const show = (view: MatchView): void => {
      const revision = BigInt(view.revision);
      if (revision <= shown) return;
      shown = revision;
      subscriber.next(view);
      if (FINAL_STATUSES.has(view.status)) subscriber.complete();
    };
    const stop = watch({
      next: (record) => {
        // A view that fails ends this subscription only, never the announcement to the others.
        try {
          show(viewOf(record));
        } catch (error) {
          subscriber.error(error);
        }
      },
      complete: () => subscriber.complete(),
    });
    now()
      .then(show)
      .catch((error: unknown) => subscriber.error(error));
    return stop;
  });
}
