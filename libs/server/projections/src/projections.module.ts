import { type DynamicModule, Module } from '@nestjs/common';
import { ConsistentReads } from './feed/consistent-reads';
import { ProjectionControl } from './feed/projection-control';
import { ReadProgress } from './feed/read-progress';
import { PROJECTIONS_OPTIONS, ProjectionsService, type ProjectionsOptions } from './projections.service';
import { ReadDatabase } from './read-connection';
import { CollusionQueries, DisputesQueries, MatchListFeed, READ_MODELS, SanctionsQueries } from './read-models';
import { ProjectionStatusResolver } from './status/projection-status.resolver';
import { ReadModelsResolver } from './operations/read-models.resolver';
import { StreamBrowserResolver } from './operations/streams/stream-browser.resolver';

export type { ProjectionsOptions };

/** The read side: the feed, the read database, and every read model's queries and resolver (read-models/index.ts). */
@Module({})
export class ProjectionsModule {
  static forRoot(options: ProjectionsOptions): DynamicModule {
    return {
      module: ProjectionsModule,
      global: true,
      providers: [
        { provide: PROJECTIONS_OPTIONS, useValue: options },
        ProjectionsService,
        { provide: ReadDatabase, inject: [ProjectionsService], useFactory: (service: ProjectionsService) => service.read },
        { provide: MatchListFeed, inject: [ProjectionsService], useFactory: (service: ProjectionsService) => service.list },
        { provide: ProjectionControl, useExisting: ProjectionsService },
        { provide: ReadProgress, useExisting: ProjectionsService },
        ConsistentReads,
        ProjectionStatusResolver,
        // The operators' reads and rebuilds (admins only): docs/operations.md.
        ReadModelsResolver,
        StreamBrowserResolver,
        ...READ_MODELS.flatMap((model) => model.providers),
      ],
      // Moderation's write side shows its results through the read side's queries and views.
      exports: [ProjectionsService, DisputesQueries, CollusionQueries, SanctionsQueries],
    };
  }
}
