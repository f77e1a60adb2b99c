import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { Logger } from 'pino';
import type { EventStore } from '@liars-dice/event-store-port';
import { EVENT_STORE, PlatformModule, SERVER_SETTINGS } from '@liars-dice/server-platform';
import { AuthModule, TokenService } from '@liars-dice/server-auth';
import { MatchesModule } from '@liars-dice/server-matches';
import { TimersModule } from '@liars-dice/server-timers';
import { BotsDriverModule } from '@liars-dice/server-bots-driver';
import type { ApiConfig } from './config';
import { graphqlOptions } from './graphql/graphql.options';
import { HealthController } from './http/health.controller';
import { CommandDrain } from './shutdown';
import { API_CONFIG, LOGGER } from './tokens';

/** Global values every slice may inject: the store (port only), settings, config and logger. */
@Module({})
class InfrastructureModule {
  static with(config: ApiConfig, store: EventStore, logger: Logger): DynamicModule {
    const providers = [
      { provide: EVENT_STORE, useValue: store },
      { provide: SERVER_SETTINGS, useValue: config.settings },
      { provide: API_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
    ];
    return { module: InfrastructureModule, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}

/** The app: one module per feature slice, composed here (projections will add theirs the same way). */
@Module({})
export class AppModule {
  static with(config: ApiConfig, store: EventStore, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.with(config, store, logger),
        PlatformModule,
        AuthModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule],
          inject: [TokenService],
          useFactory: (tokens: TokenService) => graphqlOptions(config, tokens, logger),
        }),
        MatchesModule,
        TimersModule,
        BotsDriverModule,
      ],
      controllers: [HealthController],
      providers: [CommandDrain],
    };
  }
}
