export { ProjectionsModule, type ProjectionsOptions } from './projections.module';
export { ProjectionsService } from './projections.service';
export { ProjectionEngine, type ProjectionState, type ProjectionFailure } from './projection-engine';
export { ProjectionRunner, type RunnerHooks, type RunnerMetrics } from './projection-runner';
export { InlineProjections, type ProjectionFeed } from './projection-feed';
export { hostProjections } from './worker/host';
export { ProjectionsThread } from './worker/projections-thread';
export { ProjectionMetrics } from './projection-metrics';
export { rebuildProjections, type RebuildProgress, type RebuildResult } from './rebuild';
export { openReadDatabase, readDatabaseFile, type ReadDb } from './read-database';
export { WalCheckpointer } from './wal-checkpointer';
export { ReadModels } from './read-models';
export { PROJECTIONS, PROJECTION_NAMES, RatingProjection } from './projections';
export type { Projection, ProjectionFactory, Applied } from './projection';
export { toProjected } from './projected';
// A sample log of played matches (tests of this library's users, benchmarks).
export { appendMatches, appendTo, sampleTables } from './sample-log';
