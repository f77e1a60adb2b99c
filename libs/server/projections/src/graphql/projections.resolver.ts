import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Refusal } from '@liars-dice/server-platform';
import { Player, type Principal, Viewer } from '@liars-dice/server-auth';
import { RULESETS } from '@liars-dice/game-rules';
import type { MatchFacts } from '@liars-dice/game-projections';
import { ProjectionsService } from '../projections.service';
import { type Page } from '../read-models';
import {
  AuditArgs, AuditAudienceName, AuditTrailView, GlobalStatsView, LeaderboardPage, MatchListPage, MatchSearchInput, PlayerStatsView,
  ProjectionStatusView, RatingHistoryPage, ReplayArgs, ReplayWindowView, TutorialProgressView,
} from './read.types';
import { replayViewer } from './replay-access';
import { globalStatsViews, leaderboardView, matchEntryView, playerStatsViews, ratingChangeView, tutorialViews } from './read.views';

function checkFirst(first: number, max = 100, field = 'first'): void {
  if (!Number.isInteger(first) || first < 1 || first > max) throw new Refusal('BAD_USER_INPUT', `${field}: 1 to ${max}`, field);
}

function checkFamily(family: string | null | undefined, field = 'family'): void {
  if (family && !(RULESETS as readonly string[]).includes(family)) throw new Refusal('BAD_USER_INPUT', `${field}: one of ${RULESETS.join(', ')}`, field);
}

function isModerator(viewer: Principal | null): boolean {
  return viewer?.role === 'moderator' || viewer?.role === 'admin';
}

function time(value: string | null | undefined, field: string): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new Refusal('BAD_USER_INPUT', `${field}: expected an ISO-8601 time`, field);
  return ms;
}

function paged<R, V>(run: () => Page<R>, view: (row: R) => V): { nodes: V[]; endCursor: string | null; hasNextPage: boolean } {
  let result: Page<R>;
  try {
    result = run();
  } catch (error) {
    if (error instanceof RangeError) throw new Refusal('BAD_USER_INPUT', error.message, 'after');
    throw error;
  }
  return { ...result, nodes: result.nodes.map(view) };
}

/** The read side over GraphQL: every answer comes from this instance's read database. */
@Resolver()
export class ProjectionsResolver {
  constructor(private readonly projections: ProjectionsService) {}

  @Query(() => MatchListPage, { description: 'Match search over the match list read model, newest first.' })
  searchMatches(
    @Args('filter', { type: () => MatchSearchInput, nullable: true }) filter: MatchSearchInput | null,
    @Args('first', { type: () => Int, defaultValue: 20 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): MatchListPage {
    checkFirst(first);
    const f = filter ?? {};
    checkFamily(f.family, 'filter.family');
    const search = { ...f, openedFrom: time(f.openedFrom, 'filter.openedFrom'), openedTo: time(f.openedTo, 'filter.openedTo') };
    return paged(() => this.projections.read.searchMatches(search, first, after), matchEntryView);
  }

  @Query(() => AuditTrailView, { description: 'Every event of a match with actor, time, command id and rule outcome.' })
  matchAudit(@Viewer() viewer: Principal | null, @Args() { id, audience, first, after }: AuditArgs): AuditTrailView {
    checkFirst(first, 5000);
    if (audience === AuditAudienceName.MODERATOR && !isModerator(viewer)) throw new Refusal('FORBIDDEN', 'audience: moderators only');
    const trail = this.projections.read.audit(id, audience, first, after ?? null);
    if (!trail) throw new Refusal('NOT_FOUND', `id: no match ${id}`, 'id');
    const entries = trail.entries.map((e) => ({ ...e, at: new Date(e.at).toISOString(), data: JSON.stringify(e.data) }));
    return { matchId: id, audience, redacted: trail.redacted, total: trail.total, entries };
  }

  @Query(() => ReplayWindowView, { description: 'The match after each engine event (steps from..from+count-1), built for the view asked for.' })
  matchReplay(@Viewer() viewer: Principal | null, @Args() { id, from, count, full, seat, history }: ReplayArgs): ReplayWindowView {
    checkFirst(count, 1000, 'count');
    if (from < 0) throw new Refusal('BAD_USER_INPUT', 'from: 0 or more', 'from');
    const choose = (facts: MatchFacts) => replayViewer(facts, viewer, { full, seat: seat ?? null });
    const window = this.projections.read.replay(id, choose, { from, count, history });
    if (!window) throw new Refusal('NOT_FOUND', `id: no match ${id}`, 'id');
    const steps = window.steps.map((s) => ({
      step: s.step, index: s.index, type: s.type, at: new Date(s.at).toISOString(), actor: s.actor, commandId: s.commandId,
      event: JSON.stringify(s.event), state: JSON.stringify(s.state),
    }));
    const shown = window.viewer;
    return { matchId: id, total: window.total, full: shown.kind === 'full', seat: shown.kind === 'seat' ? shown.seat : null, steps };
  }

  @Query(() => LeaderboardPage, { description: "A family's ranked ladder, best displayed rating first." })
  leaderboard(
    @Args('family') family: string,
    @Args('first', { type: () => Int, defaultValue: 20 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): LeaderboardPage {
    checkFirst(first);
    checkFamily(family);
    return paged(() => this.projections.read.leaderboard(family, first, after), leaderboardView);
  }

  @Query(() => RatingHistoryPage, { description: "A player's rating after each ranked result in a family, oldest first." })
  ratingHistory(
    @Args('player', { type: () => ID }) player: string,
    @Args('family') family: string,
    @Args('first', { type: () => Int, defaultValue: 50 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): RatingHistoryPage {
    checkFirst(first);
    checkFamily(family);
    return paged(() => this.projections.read.ratingHistory(player, family, first, after), ratingChangeView);
  }

  @Query(() => [PlayerStatsView], { description: 'Per family and overall ("all"), regular matches only.' })
  playerStats(@Args('player', { type: () => ID }) player: string, @Args('family', { type: () => String, nullable: true }) family: string | null): PlayerStatsView[] {
    checkFamily(family);
    return playerStatsViews(this.projections.read.counters('player_stats', { account: player }), family);
  }

  @Query(() => [GlobalStatsView], { description: 'Per family and table size ("all" for totals), regular matches only.' })
  globalStats(@Args('family', { type: () => String, nullable: true }) family: string | null): GlobalStatsView[] {
    checkFamily(family);
    return globalStatsViews(this.projections.read.counters('global_stats', {}), family);
  }

  @Query(() => [TutorialProgressView], { description: "The caller's tutorial progress, per family and overall." })
  tutorialProgress(@Player() me: Principal): TutorialProgressView[] {
    return tutorialViews(this.projections.read.counters('tutorial_progress', { account: me.id }));
  }

  @Query(() => [ProjectionStatusView], { description: 'Each read model: checkpoint, events applied, and where it stopped if it failed.' })
  projectionStatus(): ProjectionStatusView[] {
    return this.projections.states().map((s) => ({
      name: s.name,
      position: s.position?.toString() ?? null,
      events: s.events,
      failure: s.failure ? { ...s.failure, position: s.failure.position.toString() } : null,
    }));
  }

  @Mutation(() => Int, { description: "Admins: recompute a family's ladder from its remaining ranked results; returns players rated." })
  recomputeRatings(@Player() me: Principal, @Args('family') family: string): Promise<number> {
    if (me.role !== 'admin') throw new Refusal('FORBIDDEN', 'admins only');
    checkFamily(family);
    return this.projections.recomputeRatings(family);
  }
}

