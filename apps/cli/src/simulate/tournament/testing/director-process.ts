// Child process of the director's restart and two-replica tests: one server process — the slices on the command
// bus, the director running — on the store named on the command line, until it is killed or told the
// tournament is over. Usage: director-process <create|serve> <sqlite:FILE|esdb:CONNECTION> <seedKey> [players] [rounds]
// (classic with three dice: short matches, so the tests spend their time on the director, not on dice).
// Prints `tournament <id>` after creating one, `ready` once running, `finished <id>` for a tournament that ends.
import type { EventStore } from '@liars-dice/event-store-port';
import { TournamentCatalog } from '@liars-dice/server-tournaments';
import { useNativeHmac } from '../../../scenario/ruling-engine';
import { enterTournament } from '../run-tournament';
import { SimulationClock, simulationApp } from '../simulation-app';

async function openStore(spec: string): Promise<EventStore> {
  if (spec.startsWith('sqlite:')) {
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    return SqliteEventStore.open({ file: spec.slice('sqlite:'.length) });
  }
  const { createEsdbEventStore } = await import('@liars-dice/event-store-esdb');
  return createEsdbEventStore(spec.slice('esdb:'.length));
}

async function main(): Promise<void> {
  const [mode, storeSpec = '', seedKey = '', players = '30', rounds = '2'] = process.argv.slice(2);
  useNativeHmac();
  const clock = new SimulationClock();
  const store = await openStore(storeSpec);
  const app = await simulationApp(store, clock, seedKey);
  const catalog = app.get(TournamentCatalog);
  catalog.changes$.subscribe((record) => {
    if (record.state.status === 'finished') process.stdout.write(`finished ${record.state.config.tournamentId}\n`);
  });
  if (mode === 'create') {
    const options = { players: Number(players), family: 'classic' as const, matchOptions: { startingDice: 3 }, rounds: Number(rounds), maxTable: 6, difficulty: 'easy' as const, timeoutMs: 0 };
    const { id, startsAt } = await enterTournament(app, clock, options);
    process.stdout.write(`tournament ${id}\n`);
    clock.advanceTo(startsAt);
  }
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void app.close().then(() => store.close()).then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
