import type { ProjectionFactory } from '../projection';
import { auditProjection } from './audit.projection';
import { globalStatsProjection, playerStatsProjection, tutorialProjection } from './counters.projection';
import { matchListProjection } from './match-list.projection';
import { RatingProjection } from './rating.projection';

/** Every read model, by name (the names `npm run rebuild -- <name>` takes). */
export const PROJECTIONS: readonly ProjectionFactory[] = [
  matchListProjection,
  auditProjection,
  (db) => new RatingProjection(db),
  playerStatsProjection,
  globalStatsProjection,
  tutorialProjection,
];

export const PROJECTION_NAMES = ['match-list', 'audit', 'rating', 'player-stats', 'global-stats', 'tutorial'] as const;

export { RatingProjection };
