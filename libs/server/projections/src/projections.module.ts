import { type DynamicModule, Module } from '@nestjs/common';
import { ProjectionsResolver } from './graphql/projections.resolver';
import { PROJECTIONS_OPTIONS, ProjectionsService, type ProjectionsOptions } from './projections.service';

export type { ProjectionsOptions };

/** Needs EVENT_STORE (global, from the app) and the platform's MetricsRegistry. */
@Module({})
export class ProjectionsModule {
  static forRoot(options: ProjectionsOptions): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [{ provide: PROJECTIONS_OPTIONS, useValue: options }, ProjectionsService, ProjectionsResolver],
      exports: [ProjectionsService],
    };
  }
}
