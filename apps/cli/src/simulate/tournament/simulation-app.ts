import { randomBytes } from 'node:crypto';
import { type DynamicModule, Global, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventStore } from '@liars-dice/event-store-port';
import { DEFAULT_POLICY } from '@liars-dice/game-moderation';
import { Clock, EVENT_STORE, PlatformModule, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { MatchesModule } from '@liars-dice/server-matches';
import { TournamentsModule } from '@liars-dice/server-tournaments';
import { BotsDriverModule } from '@liars-dice/server-bots-driver';
import { TimersModule } from '@liars-dice/server-timers';

/** The server's clock, moved forward on demand: a simulated tournament need not wait for its start time. */
export class SimulationClock extends Clock {
  private offset = 0;

  override now(): number {
    return Date.now() + this.offset;
  }

  /** From now on the clock reads at least `at`. */
  advanceTo(at: number): void {
    this.offset = Math.max(this.offset, at - Date.now());
  }
}

@Global()
@Module({})
class SimulationInfrastructure {
  static with(store: EventStore, clock: Clock, settings: ServerSettings): DynamicModule {
    const providers = [
      { provide: EVENT_STORE, useValue: store },
      { provide: Clock, useValue: clock },
      { provide: SERVER_SETTINGS, useValue: settings },
    ];
    return { module: SimulationInfrastructure, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}

/**
 * The server's own slices — matches, tournaments (with the director), CPU seats, turn timers — on the command
 * bus over the given store, without HTTP, GraphQL transport or projections: what the simulation measures. A
 * process that restarts on the same store must be given the same seed key (it opens the sealed seeds).
 */
export async function simulationApp(store: EventStore, clock: SimulationClock, seedKey = randomBytes(32).toString('hex')): Promise<INestApplicationContext> {
  const settings: ServerSettings = {
    jwtSecret: randomBytes(32).toString('hex'),
    jwtTtlSeconds: 3600,
    sessionMaxSeconds: 3600,
    seedKey,
    // No accounts here: the account settings are never read, and no admin setup token is issued.
    dataDir: null,
    adminSetupToken: null,
    accounts: { signInFreeFailures: 5, signInBackoffMaxSeconds: 900, registrationsPerHour: 0 },
    // Tournament tables only, which no cap counts.
    maxOpenLobbies: 0,
    botThinkMs: 0,
    commandRetries: 8,
    production: false,
    moderation: DEFAULT_POLICY,
    // One process; in the two-process director test both play CPU seats at once, fenced by the expected revision.
    takeoverMs: 0,
    // Its clock is simulated; its tables are tournament tables, which never expire anyway.
    lobbyIdleSeconds: 0,
    lobbyIdleMaxSeconds: 86_400,
    // Tournament tables always have a turn timer, which moves them on: inactivity never applies there.
    inactivitySeconds: 600,
    soloInactivitySeconds: 300,
  };
  @Module({ imports: [SimulationInfrastructure.with(store, clock, settings), PlatformModule, MatchesModule, TournamentsModule, BotsDriverModule, TimersModule] })
  class SimulationModule {}
  const app = await NestFactory.createApplicationContext(SimulationModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  return app;
}
