import { SUSPICION_THRESHOLD } from '@liars-dice/game-collusion';
import { collusionReport } from './collusion-report';
import { runCollusionSeed, type SeedResult } from './collusion-run';
import type { CliCommand } from '../commands/cli-command';

const USAGE =
  'usage: npm run simulate -- collusion [--players N (≥ 4)] [--matches N] [--seeds N] [--first-seed N] [--together P (0–1)] [--threshold X]';

interface Options {
  players: number;
  matches: number;
  seeds: number;
  firstSeed: number;
  together: number;
  threshold: number;
}

const integer = (min: number) => (value: string) => (/^\d+$/.test(value) && Number(value) >= min ? Number(value) : null);
const between = (min: number, max: number) => (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? n : null;
};

const FLAGS: Readonly<Record<string, readonly [keyof Options, (value: string) => number | null]>> = {
  '--players': ['players', integer(4)],
  '--matches': ['matches', integer(1)],
  '--seeds': ['seeds', integer(1)],
  '--first-seed': ['firstSeed', integer(0)],
  '--together': ['together', between(0, 1)],
  '--threshold': ['threshold', between(0, 1000)],
};

/** The flags after `simulate collusion`. */
export function parseCollusionArgs(rest: readonly string[]): Options | string {
  const options: Options = { players: 60, matches: 500, seeds: 10, firstSeed: 1, together: 0.15, threshold: SUSPICION_THRESHOLD };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag = '', value] = [rest[i], rest[i + 1]];
    const known = FLAGS[flag];
    if (!known) return `${flag}: not a flag of simulate collusion`;
    const parsed = value === undefined ? null : known[1](value);
    if (parsed === null) return `${flag} ${value ?? ''}: not understood`;
    options[known[0]] = parsed;
  }
  return options;
}

/** `npm run simulate -- collusion …`: plays CPU populations with a planted colluding pair and ranks every pair. */
export const collusionSimulation: CliCommand = {
  summary: 'simulate CPU populations with a planted colluding pair and print how the collusion signal ranks them',
  async run(args) {
    if (args.includes('--help')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const options = parseCollusionArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${USAGE}\n`);
      return 2;
    }
    const results: SeedResult[] = [];
    for (let seed = options.firstSeed; seed < options.firstSeed + options.seeds; seed++) {
      process.stderr.write(`\rseed ${seed} (${results.length}/${options.seeds} done)`);
      results.push(runCollusionSeed({ ...options, seed }));
    }
    process.stderr.write('\n');
    process.stdout.write(`${collusionReport(results, options)}\n`);
    return 0;
  },
};
