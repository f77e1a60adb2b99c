import { createRng } from '@liars-dice/game-bots';

export const USAGE =
  'usage: npm run simulate -- tables [--count N] [--seconds N] [--soak] [--ramp S] [--warmup S] [--seed N]\n' +
  '  --count    concurrent tables (default 1000)\n' +
  '  --seconds  measured time after the ramp-up (default 120; 600 with --soak)\n' +
  '  --soak     also judge memory and handles over time (RSS growth after the warm-up, handle count)\n' +
  '  --ramp     seconds over which the tables open their first match (default count / 50, 2 to 30)\n' +
  '  --warmup   soak only: measured seconds before the memory baseline is taken (default 120)\n' +
  '  --seed     the tables drawn (seats, families, transports, CPU levels) and the load\'s choices (default 1)';

export interface TablesPlan {
  readonly count: number;
  readonly seconds: number;
  readonly soak: boolean;
  readonly rampSeconds: number;
  readonly warmupSeconds: number;
  readonly seed: number;
}

/** The scale and duration: verdicts at other settings say they are not comparable. */
export const TARGET_SCALE = { count: 1000, seconds: 120, soakSeconds: 600 };
/** A human's think time before each move, uniform in this range (ms). */
export const THINK_MS = { min: 500, max: 3000 } as const;
/** A CPU seat's think time, the API's BOT_THINK_MS (the service's default). */
export const CPU_THINK_MS = 700;

const FLAGS = new Set(['--count', '--seconds', '--ramp', '--warmup', '--seed']);

/** The flags given, each a whole number (`--soak` as 1), or what was not understood. */
function readFlags(args: readonly string[]): Map<string, number> | string {
  const given = new Map<string, number>();
  for (let i = 0; i < args.length; i++) {
    const flag = args[i] as string;
    if (flag === '--soak') {
      given.set(flag, 1);
      continue;
    }
    if (!FLAGS.has(flag)) return `${flag}: not a flag of simulate tables`;
    const value = args[++i];
    const min = flag === '--seed' || flag === '--ramp' ? 0 : 1;
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < min) return `${flag} ${value ?? ''}: expected a whole number ≥ ${min}`;
    given.set(flag, Number(value));
  }
  return given;
}

/** The plan from `simulate tables …` arguments, or what was not understood. */
export function parseTablesArgs(args: readonly string[]): TablesPlan | string {
  const given = readFlags(args);
  if (typeof given === 'string') return given;
  const soak = given.has('--soak');
  const count = given.get('--count') ?? TARGET_SCALE.count;
  const seconds = given.get('--seconds') ?? (soak ? TARGET_SCALE.soakSeconds : TARGET_SCALE.seconds);
  const warmupSeconds = soak ? (given.get('--warmup') ?? 120) : 0;
  if (soak && warmupSeconds >= seconds) return `--warmup ${warmupSeconds}: must be shorter than --seconds ${seconds}`;
  const rampSeconds = given.get('--ramp') ?? Math.min(30, Math.max(2, Math.round(count / 50)));
  return { count, seconds, soak, rampSeconds, warmupSeconds, seed: given.get('--seed') ?? 1 };
}

export type Ruleset = 'CLASSIC' | 'PERUDO' | 'REVOLVER';
export type Difficulty = 'EASY' | 'MEDIUM' | 'HARD' | 'EXPERT';
export type SeatSetup = { readonly kind: 'HUMAN' } | { readonly kind: 'CPU'; readonly difficulty: Difficulty };

/** One table of the load: its match settings (the same for each match it plays) and how its humans talk. */
export interface TableSetup {
  readonly index: number;
  readonly ruleset: Ruleset;
  /** In seat order; the first is the host (always human). */
  readonly seats: readonly SeatSetup[];
  /** How its humans send their commands: HTTP POSTs, or GraphQL over their websockets. */
  readonly transport: 'http' | 'ws';
}

const RULESETS: readonly Ruleset[] = ['CLASSIC', 'PERUDO', 'REVOLVER'];
const DIFFICULTIES: readonly Difficulty[] = ['EASY', 'MEDIUM', 'HARD', 'EXPERT'];

/**
 * The tables, drawn from the seed: 2 to 6 seats, 1 to all of them human (the host first), the other seats
 * CPUs of any level; families in turn (every third table each), transports alternating.
 */
export function tableSetups(plan: Pick<TablesPlan, 'count' | 'seed'>): TableSetup[] {
  const rng = createRng(`tables|${plan.seed}`);
  return Array.from({ length: plan.count }, (_, index) => {
    const size = 2 + rng.int(5);
    const humans = 1 + rng.int(size);
    const seats: SeatSetup[] = Array.from({ length: size }, (_, seat) => (seat < humans ? { kind: 'HUMAN' } : { kind: 'CPU', difficulty: DIFFICULTIES[rng.int(DIFFICULTIES.length)] as Difficulty }));
    return { index, ruleset: RULESETS[index % RULESETS.length] as Ruleset, seats, transport: index % 2 === 0 ? 'http' : 'ws' };
  });
}

/** How many accounts play: enough that each is seated at about four tables at once (at least one table's worth). */
export function accountCount(setups: readonly TableSetup[]): number {
  const humanSeats = setups.reduce((sum, t) => sum + t.seats.filter((s) => s.kind === 'HUMAN').length, 0);
  return Math.max(6, Math.ceil(humanSeats / 4));
}
