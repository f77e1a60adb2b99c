import type { Type } from '@nestjs/common';
import type { ProjectionFactory } from '../engine/projection';
import { auditProjection } from './audit/audit.projection';
import { AuditQueries } from './audit/audit.queries';
import { AuditResolver } from './audit/audit.resolver';
import { globalStatsProjection } from './global-stats/global-stats.projection';
import { GlobalStatsResolver } from './global-stats/global-stats.resolver';
import { matchListProjection } from './match-list/match-list.projection';
import { MatchListFeed } from './match-list/match-list.feed';
import { MatchListQueries } from './match-list/match-list.queries';
import { MatchListResolver } from './match-list/match-list.resolver';
import { MatchSummaryResolver } from './match-list/match-summary.resolver';
import { playerStatsProjection } from './player-stats/player-stats.projection';
import { PlayerStatsResolver } from './player-stats/player-stats.resolver';
import { RatingProjection } from './rating/rating.projection';
import { RatingQueries } from './rating/rating.queries';
import { RatingResolver } from './rating/rating.resolver';
import { RatingTrendResolver } from './rating/rating-trend.resolver';
import { cpuResultsProjection } from './cpu-results/cpu-results.projection';
import { CpuResultsResolver } from './cpu-results/cpu-results.resolver';
import { tutorialProjection } from './tutorial/tutorial.projection';
import { CollusionProjection } from './collusion/collusion.projection';
import { CollusionQueries } from './collusion/collusion.queries';
import { CollusionResolver } from './collusion/collusion.resolver';
import { DisputesProjection } from './disputes/disputes.projection';
import { DisputesQueries } from './disputes/disputes.queries';
import { DisputesResolver } from './disputes/disputes.resolver';
import { ModerationLogProjection } from './moderation-log/moderation-log.projection';
import { ModerationLogQueries } from './moderation-log/moderation-log.queries';
import { ModerationLogResolver } from './moderation-log/moderation-log.resolver';
import { SanctionsProjection } from './sanctions/sanctions.projection';
import { SanctionsQueries } from './sanctions/sanctions.queries';
import { SanctionsResolver } from './sanctions/sanctions.resolver';
import { TutorialResolver } from './tutorial/tutorial.resolver';

/** One read model: the projection that writes it and the providers (queries, resolver) that serve it. */
export interface ReadModel {
  /** The name `npm run rebuild -- <name>` takes (its projection's name). */
  readonly name: string;
  readonly projection: ProjectionFactory;
  readonly providers: readonly Type<unknown>[];
}

/** Every read model, registered here and nowhere else; each lives in its own folder. */
export const READ_MODELS: readonly ReadModel[] = [
  { name: 'match-list', projection: matchListProjection, providers: [MatchListQueries, MatchListResolver, MatchSummaryResolver] },
  { name: 'audit', projection: auditProjection, providers: [AuditQueries, AuditResolver] },
  { name: 'rating', projection: (db) => new RatingProjection(db), providers: [RatingQueries, RatingResolver, RatingTrendResolver] },
  { name: 'player-stats', projection: playerStatsProjection, providers: [PlayerStatsResolver] },
  { name: 'global-stats', projection: globalStatsProjection, providers: [GlobalStatsResolver] },
  { name: 'cpu-results', projection: cpuResultsProjection, providers: [CpuResultsResolver] },
  { name: 'tutorial', projection: tutorialProjection, providers: [TutorialResolver] },
  { name: 'collusion', projection: (db) => new CollusionProjection(db), providers: [CollusionQueries, CollusionResolver] },
  { name: 'disputes', projection: (db) => new DisputesProjection(db), providers: [DisputesQueries, DisputesResolver] },
  { name: 'moderation-log', projection: (db) => new ModerationLogProjection(db), providers: [ModerationLogQueries, ModerationLogResolver] },
  { name: 'sanctions', projection: (db) => new SanctionsProjection(db), providers: [SanctionsQueries, SanctionsResolver] },
];

export const PROJECTIONS: readonly ProjectionFactory[] = READ_MODELS.map((model) => model.projection);
export const PROJECTION_NAMES: readonly string[] = READ_MODELS.map((model) => model.name);

export { RatingProjection };
export { MatchListQueries, type MatchRow, type MatchSearch } from './match-list/match-list.queries';
export { MatchListFeed };
export { DisputesQueries, CollusionQueries, SanctionsQueries };
