import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { Logger } from 'pino';
import type { EventStore } from '@liars-dice/event-store-port';
import { Clock, EVENT_STORE, PlatformModule, SERVER_SETTINGS } from '@liars-dice/server-platform';
import { AuthModule } from '@liars-dice/server-auth';
import { MatchesModule } from '@liars-dice/server-matches';
import { TournamentsModule } from '@liars-dice/server-tournaments';
import { ModerationModule } from '@liars-dice/server-moderation';
import { TimersModule } from '@liars-dice/server-timers';
import { BotsDriverModule } from '@liars-dice/server-bots-driver';
import { ProjectionsModule, type ProjectionsOptions, readDatabaseFile } from '@liars-dice/server-projections';
import type { ApiConfig } from './config';
import { graphqlOptions, RequestRulesModule } from './graphql/graphql.options';
import { RequestRules } from './graphql/request-rules';
import { clientAddress } from './http/client-address';
import { HealthController, MetricsController } from './http/health.controller';
import { ReadinessProbe } from './http/readiness';
import { projectionsThreadFor } from './projections/projections-thread';
import { CommandDrain } from './shutdown';
import { API_CONFIG, LOGGER } from './tokens';

/** What the host hands the slices: the store (port only), the clock, the logger. */
export interface Infrastructure {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** Global values every slice may inject: the store, settings, clock, config and logger. */
@Module({})
class InfrastructureModule {
  static with(config: ApiConfig, { store, clock, logger }: Infrastructure): DynamicModule {
    const providers = [
      { provide: EVENT_STORE, useValue: store },
      { provide: Clock, useValue: clock },
      { provide: SERVER_SETTINGS, useValue: config.settings },
      { provide: API_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
    ];
    return { module: InfrastructureModule, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}

function projectionsOptions(config: ApiConfig): ProjectionsOptions {
  const file = readDatabaseFile(config.dataDir, config.store === 'memory');
  return { file, thread: projectionsThreadFor(config, file) ?? undefined };
}

/** The app: one module per feature slice, composed here. */
@Module({})
export class AppModule {
  static with(config: ApiConfig, infrastructure: Infrastructure): DynamicModule {
    const addressOf = clientAddress(config.env.TRUST_PROXY);
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.with(config, infrastructure),
        PlatformModule,
        AuthModule,
        RequestRulesModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [RequestRulesModule],
          inject: [RequestRules],
          useFactory: (rules: RequestRules) => graphqlOptions(rules, addressOf),
        }),
        MatchesModule,
        TournamentsModule,
        TimersModule,
        BotsDriverModule,
        ProjectionsModule.forRoot(projectionsOptions(config)),
        ModerationModule,
      ],
      controllers: [HealthController, MetricsController],
      providers: [CommandDrain, ReadinessProbe],
    };
  }
}
