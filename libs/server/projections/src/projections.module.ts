import { type DynamicModule, Module } from '@nestjs/common';
import { ProjectionsResolver } from './graphql/projections.resolver';
import { ProjectionsService, READ_DB_FILE } from './projections.service';

export interface ProjectionsOptions {
  /** This instance's read database file (':memory:' for a throw-away one). */
  readonly file: string;
}

/** Needs EVENT_STORE (global, from the app) and the platform's MetricsRegistry. */
@Module({})
export class ProjectionsModule {
  static forRoot(options: ProjectionsOptions): DynamicModule {
    return {
      module: ProjectionsModule,
      providers: [{ provide: READ_DB_FILE, useValue: options.file }, ProjectionsService, ProjectionsResolver],
      exports: [ProjectionsService],
    };
  }
}
