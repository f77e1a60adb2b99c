import { Args, Context, ID, Int, Query, Resolver, Subscription } from '@nestjs/graphql';
import { concat, concatMap, defer, filter, from, map, merge, type Observable, of, share, tap } from 'rxjs';
import { Inject } from '@nestjs/common';
import type { EventStore } from '@liars-dice/event-store-port';
import { asArgument, EVENT_STORE, eachValue, type Page, pageSize } from '@liars-dice/server-platform';
import { Accounts, principalOf, type Principal, type RequestContext, Viewer } from '@liars-dice/server-auth';
import { TournamentFilterInput } from './graphql/tournament-inputs.types';
import {
  StandingView,
  TournamentListUpdateView,
  TournamentPage,
  TournamentRoundView,
  TournamentSummaryView,
  TournamentVerificationView,
  TournamentView,
} from './graphql/tournament.types';
import { verifyStoredTournament } from './tournament-verification';
import { TournamentCatalog } from './tournament-catalog';
import { TournamentReader } from './tournament-reader';
import { roundView, seesDrafts, standingsView, summaryView, tournamentView } from './tournament-views';

/**
 * One subscriber's tournaments-list pushes: SUBSCRIBED once it listens, then each changed row. `rows` is
 * subscribed first (merge subscribes in order) and SUBSCRIBED follows in the same tick, so a list read at
 * SUBSCRIBED misses no change after it (ADR 0030).
 */
export function tournamentListPushes(rows: Observable<TournamentSummaryView>): Observable<TournamentListUpdateView> {
  const changed = rows.pipe(map((tournament): TournamentListUpdateView => ({ reason: 'changed', tournament })));
  return merge(changed, of<TournamentListUpdateView>({ reason: 'subscribed', tournament: null }));
}

@Resolver()
export class TournamentQueriesResolver {
  /** Every tournament's list row after each whole command, built once for all list subscribers. */
  private readonly rows: Observable<TournamentSummaryView>;

  constructor(
    private readonly reader: TournamentReader,
    private readonly catalog: TournamentCatalog,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly accounts: Accounts,
  ) {
    this.rows = catalog.changes$.pipe(map(summaryView), share());
  }

  @Query(() => TournamentView, {
    description:
      'One tournament: settings, players, rounds (drafts for its organiser only), the seed once over.',
  })
  tournament(
    @Viewer() viewer: Principal | null,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<TournamentView> {
    return asArgument('id', 'tournamentId', this.reader.view(id, viewer));
  }

  @Query(() => TournamentPage, {
    description: 'Tournaments, latest start first, filtered; a moment behind the commands.',
  })
  tournaments(
    @Args('filter', { type: () => TournamentFilterInput, nullable: true })
    filter: TournamentFilterInput | null,
    @Args('first', { type: () => Int, ...pageSize(20, 100, 'tournaments') }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): Page<TournamentSummaryView> {
    return this.reader.list(filter ?? {}, first, after);
  }

  @Query(() => [StandingView], {
    description: 'Every player ranked, each standing explaining how it was computed (docs/tournaments.md).',
  })
  async standings(@Args('tournamentId', { type: () => ID }) tournamentId: string): Promise<StandingView[]> {
    return standingsView(await this.reader.record(tournamentId));
  }

  @Query(() => TournamentRoundView, {
    nullable: true,
    description: 'One round’s tables and results; null for a round not seated (or a draft you may not see).',
  })
  async tournamentRound(
    @Viewer() viewer: Principal | null,
    @Args('tournamentId', { type: () => ID }) tournamentId: string,
    @Args('round', { type: () => Int }) round: number,
  ): Promise<TournamentRoundView | null> {
    const record = await this.reader.record(tournamentId);
    const found = record.state.rounds.find((r) => r.round === round);
    if (!found || (found.status === 'drafted' && !seesDrafts(record, viewer))) return null;
    return roundView(record, found);
  }

  @Query(() => TournamentVerificationView, {
    description:
      'Recomputes every lot, seating and table match of a finished tournament from its revealed seed.',
  })
  async verifyTournament(@Args('id', { type: () => ID }) id: string): Promise<TournamentVerificationView> {
    const report = await asArgument('id', 'tournamentId', verifyStoredTournament(this.store, id));
    const matches = report.matches.map((m) => ({ ...m, discrepancies: [...m.discrepancies] }));
    return { ...report, verified: report.allVerified, discrepancies: [...report.discrepancies], matches };
  }

  @Subscription(() => TournamentView, {
    description:
      'The tournament now, then after every command that changes it (registrations, seatings, results, standings).',
    resolve: (view: TournamentView) => view,
  })
  tournamentUpdated(
    @Context() context: RequestContext,
    @Args('id', { type: () => ID }) id: string,
  ): AsyncIterableIterator<TournamentView> {
    const viewer = principalOf(context);
    let shown = -1n;
    const now = defer(() => from(asArgument('id', 'tournamentId', this.reader.view(id, viewer)))).pipe(
      tap((view) => (shown = BigInt(view.revision))),
    );
    // The viewer's role is read again for every push (the account as it is now, ADR 0007; cached): staff whose
    // role is taken away stop seeing draft seatings on a socket opened before.
    const later = this.catalog.changesOf(id).pipe(
      filter((record) => record.revision > shown),
      concatMap(async (record) => tournamentView(record, viewer && (await this.accounts.current({ sub: viewer.id, name: viewer.name })))),
    );
    return eachValue(concat(now, later));
  }

  @Subscription(() => TournamentSummaryView, {
    description:
      'A tournament’s list row after every command that changes it (created, entries, start, rounds, end): lists follow this instead of polling, and read themselves again when the socket (re)connects (pushes are not replayed). It sends no first answer; `tournamentListChanged` says when the server listens.',
    resolve: (row: TournamentSummaryView) => row,
  })
  tournamentListUpdated(): AsyncIterableIterator<TournamentSummaryView> {
    return eachValue(this.rows);
  }

  @Subscription(() => TournamentListUpdateView, {
    description:
      'The tournaments list changed: SUBSCRIBED first, once the server listens (read `tournaments` then, and again on every reconnect: pushes are not replayed), then each row that changed (created, entries, start, rounds, end) as it is now.',
    resolve: (update: TournamentListUpdateView) => update,
  })
  tournamentListChanged(): AsyncIterableIterator<TournamentListUpdateView> {
    return eachValue(tournamentListPushes(this.rows));
  }
}
