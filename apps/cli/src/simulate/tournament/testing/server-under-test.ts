import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@liars-dice/event-store-port';
import type { Tournament } from '@liars-dice/game-tournament';
import { CreateTournamentCommand, RegisterForTournamentCommand, TournamentCatalog, type TournamentOutcome } from '@liars-dice/server-tournaments';
import { SimulationClock, simulationApp } from '../simulation-app';

/** The organiser of the int tests' tournaments, as the command metadata names them and as the decider sees them. */
export const ORGANISER = { kind: 'account' as const, id: 'org-1', name: 'organiser' };
export const ORGANISER_ACTOR = { id: ORGANISER.id, role: 'organiser' as const };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `reached` holds (the catalog follows the store a moment after each append). */
export async function until(reached: () => boolean): Promise<void> {
  while (!reached()) await sleep(20);
}

export interface ServerUnderTest {
  readonly app: INestApplicationContext;
  readonly store: EventStore;
  readonly clock: SimulationClock;
  readonly commandBus: CommandBus;
  /** A tournament as the server's live catalog holds it now. */
  tournament(id: string): Tournament;
}

/** The server's slices on the given store; `close` stops them (the store stays open). */
export async function serverOn(store: EventStore, clock: SimulationClock, seedKey: string): Promise<ServerUnderTest & { close(): Promise<void> }> {
  const app = await simulationApp(store, clock, seedKey);
  const catalog = app.get(TournamentCatalog);
  const tournament = (id: string): Tournament => {
    const record = catalog.get(id);
    if (!record) throw new Error(`tournament ${id} is not in the catalog`);
    return record.state;
  };
  return { app, store, clock, commandBus: app.get(CommandBus), tournament, close: () => app.close() };
}

/** The server's slices on a fresh in-memory store for one test, closed afterwards whatever happens. */
export async function withServer(test: (server: ServerUnderTest) => Promise<void>): Promise<void> {
  const { InMemoryEventStore } = await import('@liars-dice/event-store-memory');
  const store = new InMemoryEventStore();
  const server = await serverOn(store, new SimulationClock(), randomBytes(32).toString('hex'));
  try {
    await test(server);
  } finally {
    await server.close();
    await store.close();
  }
}

/** A CPU entered by the organiser (CPU entrants are always checked in). */
export function enterCpu(commandBus: CommandBus, tournamentId: string, name: string): Promise<TournamentOutcome> {
  const asked = { type: 'RegisterPlayer' as const, data: { player: `cpu-${name}`, name, kind: 'cpu' as const, difficulty: 'easy', by: ORGANISER_ACTOR, lot: 0 } };
  return commandBus.execute(new RegisterForTournamentCommand({ tournamentId, commandId: `enter-${name}`, actor: ORGANISER }, asked));
}

/** A human registering themselves; their account id is their name. */
export function enterHuman(commandBus: CommandBus, tournamentId: string, name: string): Promise<TournamentOutcome> {
  const asked = { type: 'RegisterPlayer' as const, data: { player: name, name, kind: 'human' as const, by: { id: name, role: 'player' as const }, lot: 0 } };
  return commandBus.execute(new RegisterForTournamentCommand({ tournamentId, commandId: `enter-${name}`, actor: { kind: 'account', id: name, name } }, asked));
}

/**
 * A tournament created by the organiser, starting in an hour: classic with three dice, unranked, tables of 2–3,
 * one swiss round then a final table of 2, seatings published as drawn, unless `settings` says otherwise.
 */
export async function createTournament(server: ServerUnderTest, settings: Record<string, unknown> = {}): Promise<{ id: string; startsAt: number }> {
  const startsAt = server.clock.now() + 3_600_000;
  const asked = {
    name: 'Test cup', by: ORGANISER_ACTOR, organiserName: ORGANISER.name, family: 'classic' as const, options: { startingDice: 3 }, ranked: false,
    capacity: 8, tableSize: { min: 2, max: 3 }, format: 'swiss-tables' as const, rounds: 1, finalTableSize: 2,
    registrationOpensAt: server.clock.now(), registrationClosesAt: startsAt, startsAt, autoPublish: true,
    ...settings,
  } as ConstructorParameters<typeof CreateTournamentCommand>[1];
  const created: TournamentOutcome = await server.commandBus.execute(new CreateTournamentCommand({ commandId: `create-${randomBytes(6).toString('hex')}`, actor: ORGANISER }, asked));
  return { id: created.tournamentId, startsAt };
}
