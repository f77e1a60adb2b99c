import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDifficulty, type Difficulty } from '@liars-dice/game-match';
import { isRuleset, type Ruleset } from '@liars-dice/game-rules';
import { MAX_CAPACITY, MAX_SWISS_ROUNDS } from '@liars-dice/game-tournament';
import type { CliCommand } from '../../commands/cli-command';
import { useNativeHmac } from '../../scenario/ruling-engine';
import { runTournament, type SimulationOptions } from './run-tournament';
import { simulationReport } from './report';
import { SimulationClock, simulationApp } from './simulation-app';

export const TOURNAMENT_USAGE =
  'usage: simulate tournament [--players N (2–10000)] [--family classic|perudo|revolver] [--rounds N (1–20)] [--max-table N (2–6)] [--difficulty easy|medium|hard|expert] [--knockout K (1–5): knockout tables, K through per table]';

const whole = (min: number, max: number) => (value: string) => (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null);
const FLAGS: Readonly<Record<string, readonly [keyof SimulationOptions, (value: string) => unknown]>> = {
  '--players': ['players', whole(2, MAX_CAPACITY)],
  '--family': ['family', (value) => (isRuleset(value) ? value : null)],
  '--rounds': ['rounds', whole(1, MAX_SWISS_ROUNDS)],
  '--max-table': ['maxTable', whole(2, 6)],
  '--difficulty': ['difficulty', (value) => (isDifficulty(value) ? value : null)],
  '--knockout': ['knockout', whole(1, 5)],
};

export function parseTournamentArgs(args: readonly string[]): SimulationOptions | string {
  const options: { -readonly [K in keyof SimulationOptions]: SimulationOptions[K] } = {
    players: 1000,
    family: 'perudo' as Ruleset,
    rounds: 5,
    maxTable: 6,
    difficulty: 'medium' as Difficulty,
    timeoutMs: 30 * 60_000,
  };
  for (let i = 0; i < args.length; i += 2) {
    const [flag = '', value] = [args[i], args[i + 1]];
    const known = FLAGS[flag];
    if (!known) return `${flag}: not a flag of simulate tournament`;
    const parsed = value === undefined ? null : known[1](value);
    if (parsed === null) return `${flag} ${value ?? ''}: not understood`;
    (options as Record<string, unknown>)[known[0]] = parsed;
  }
  return options;
}

/** `npm run simulate -- tournament …`: a whole swiss tournament of CPU players through the command bus on the embedded store. */
export const tournamentSimulation: CliCommand = {
  summary: 'a whole swiss-tables tournament of CPU players on the embedded store, the director seating every round',
  async run(args) {
    const options = parseTournamentArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${TOURNAMENT_USAGE}\n`);
      return 2;
    }
    // The API's own arithmetic for the house's rolls (same derivation, Node's native HMAC).
    useNativeHmac();
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    const dir = mkdtempSync(path.join(tmpdir(), 'liars-dice-simulate-'));
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
    const clock = new SimulationClock();
    const load = loadavg();
    const app = await simulationApp(store, clock);
    try {
      const result = await runTournament(app, store, clock, options);
      const environment = { node: process.version, cpu: cpus()[0]?.model ?? 'cpu', cores: cpus().length, loadBefore: load, loadAfter: loadavg() };
      process.stdout.write(`${simulationReport(options, result, environment, process.resourceUsage())}\n`);
      return result.verification.allVerified ? 0 : 1;
    } finally {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
