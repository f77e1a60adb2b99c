import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@liars-dice/event-store-port';
import type { Difficulty } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import { type Standing, standingsOf, type Tournament } from '@liars-dice/game-tournament';
import {
  CreateTournamentCommand,
  RegisterForTournamentCommand,
  TournamentCatalog,
  type TournamentOutcome,
  type TournamentReport,
  verifyStoredTournament,
} from '@liars-dice/server-tournaments';
import type { SimulationClock } from './simulation-app';

export interface SimulationOptions {
  readonly players: number;
  readonly family: Ruleset;
  readonly rounds: number;
  readonly maxTable: number;
  readonly difficulty: Difficulty;
  readonly timeoutMs: number;
  /** The family's options to change (none by default). */
  readonly matchOptions?: Readonly<Record<string, unknown>>;
  /** Knockout tables sending this many of each table through, instead of swiss rounds. */
  readonly knockout?: number;
}

export interface RoundTiming {
  readonly round: number;
  readonly stage: string;
  readonly tables: number;
  /** From the round's seating to its last result. */
  readonly ms: number;
}

export interface SimulationResult {
  readonly tournament: Tournament;
  readonly podium: readonly Standing[];
  readonly rounds: readonly RoundTiming[];
  readonly matches: number;
  readonly events: number;
  readonly wallMs: number;
  readonly registrationMs: number;
  readonly verification: TournamentReport;
}

const ORGANISER = { kind: 'account' as const, id: 'sim-organiser', name: 'organiser' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function countEvents(store: EventStore): Promise<number> {
  let count = 0;
  let from: bigint | 'start' = 'start';
  for (;;) {
    const page = await store.readAll({ fromPosition: from, maxCount: 20_000 });
    const last = page.at(-1);
    count += from === 'start' ? page.length : Math.max(0, page.length - 1);
    if (!last || page.length < 20_000) return count;
    from = last.position;
  }
}

/** Round timings from the events' own times: a round runs from its seating to its completion. */
function roundTimings(tournament: Tournament, seatedAt: ReadonlyMap<number, number>, completedAt: ReadonlyMap<number, number>): RoundTiming[] {
  return tournament.rounds.map((round) => ({
    round: round.round,
    stage: round.stage,
    tables: round.tables.length,
    ms: (completedAt.get(round.round) ?? 0) - (seatedAt.get(round.round) ?? 0),
  }));
}

/**
 * The organiser's part: a swiss tournament (auto-published seatings, no check-in) of `players` CPU players,
 * entered through the command bus. Once the clock reaches `startsAt`, the director takes over.
 */
export async function enterTournament(app: INestApplicationContext, clock: SimulationClock, options: SimulationOptions): Promise<{ id: string; startsAt: number }> {
  const commandBus = app.get(CommandBus);
  const startsAt = clock.now() + 3_600_000;
  const by = { id: ORGANISER.id, role: 'organiser' as const };
  const created: TournamentOutcome = await commandBus.execute(
    new CreateTournamentCommand(
      { commandId: 'create', actor: ORGANISER },
      {
        name: `Simulated ${options.family} ${options.knockout ? 'knockout' : 'swiss'} (${options.players} CPU players)`,
        by,
        organiserName: ORGANISER.name,
        family: options.family,
        options: options.matchOptions ?? {},
        ranked: false,
        capacity: options.players,
        tableSize: { min: options.knockout ? options.knockout + 1 : 2, max: options.maxTable },
        ...(options.knockout ? { format: 'knockout-tables', advancePerTable: options.knockout } : { format: 'swiss-tables', rounds: options.rounds }),
        registrationOpensAt: clock.now(),
        registrationClosesAt: startsAt,
        startsAt,
        autoPublish: true,
      },
    ),
  );
  const id = created.tournamentId;
  for (let i = 1; i <= options.players; i++) {
    const name = `CPU ${String(i).padStart(4, '0')}`;
    const asked = { type: 'RegisterPlayer' as const, data: { player: `cpu-${i}`, name, kind: 'cpu' as const, difficulty: options.difficulty, by, lot: 0 } };
    await commandBus.execute(new RegisterForTournamentCommand({ tournamentId: id, commandId: `enter-${i}`, actor: ORGANISER }, asked));
  }
  return { id, startsAt };
}

/**
 * One whole tournament through the command bus: the organiser enters it (`enterTournament`), and the director
 * does the rest — start, seatings, every table's match, results, the final table. CPU seats play with no think time.
 */
export async function runTournament(app: INestApplicationContext, store: EventStore, clock: SimulationClock, options: SimulationOptions): Promise<SimulationResult> {
  const catalog = app.get(TournamentCatalog);
  const started = Date.now();
  const seatedAt = new Map<number, number>();
  const completedAt = new Map<number, number>();
  const { id, startsAt } = await enterTournament(app, clock, options);
  const registrationMs = Date.now() - started;
  const watching = catalog.changesOf(id).subscribe((record) => {
    for (const round of record.state.rounds) {
      if (!seatedAt.has(round.round)) seatedAt.set(round.round, Date.now());
      if (round.status === 'completed' && !completedAt.has(round.round)) completedAt.set(round.round, Date.now());
    }
  });
  clock.advanceTo(startsAt);
  let tournament = catalog.get(id)?.state;
  while (tournament?.status !== 'finished' && tournament?.status !== 'cancelled') {
    if (Date.now() - started > options.timeoutMs) throw new Error(`the tournament did not finish within ${options.timeoutMs} ms (status ${tournament?.status})`);
    await sleep(100);
    tournament = catalog.get(id)?.state;
  }
  const wallMs = Date.now() - started;
  watching.unsubscribe();
  const events = await countEvents(store);
  const matches = new Set(tournament.rounds.flatMap((r) => r.tables.flatMap((t) => [...t.replayed, ...(t.matchId ? [t.matchId] : [])]))).size;
  const verification = await verifyStoredTournament(store, id);
  return { tournament, podium: standingsOf(tournament).slice(0, 6), rounds: roundTimings(tournament, seatedAt, completedAt), matches, events, wallMs, registrationMs, verification };
}
