import { performance } from 'node:perf_hooks';
import { assembleFile, encodeMeasured, FORMAT_VERSION, gameName, type PlannedRound, RoundGame, solvedPlan, solveRound } from '@liars-dice/game-bots';
import { blocksOf, DATA_MODULE, readCached, readDataModule, writeCached, writeDataModule } from '../solve/data-module';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: solve [--only SUBSTRING] [--iterations N] [--out FILE] [--reuse] [--merge FILE]… [--list]';

interface Options {
  only: string | null;
  iterations: number | null;
  out: string;
  list: boolean;
  /** Take the raw strategies of an earlier run from the cache instead of solving again. */
  reuse: boolean;
  /** Other data modules whose rounds are copied in (solves run apart, e.g. in parallel, brought together). */
  merge: string[];
}

const FLAGS: Readonly<Record<string, (options: Options, value: string) => boolean>> = {
  '--only': (options, value) => (options.only = value).length > 0,
  '--out': (options, value) => (options.out = value).length > 0,
  '--merge': (options, value) => options.merge.push(value) > 0,
  '--iterations': (options, value) => /^[1-9]\d{0,5}$/.test(value) && (options.iterations = Number(value)) > 0,
};

function parseArgs(args: readonly string[]): Options | string {
  const options: Options = { only: null, iterations: null, out: DATA_MODULE, list: false, reuse: false, merge: [] };
  for (let i = 0; i < args.length; i++) {
    const [flag = '', value] = [args[i], args[i + 1]];
    if (flag === '--list' || flag === '--reuse') {
      options[flag === '--list' ? 'list' : 'reuse'] = true;
      continue;
    }
    const apply = FLAGS[flag];
    if (!apply || value === undefined || !apply(options, value)) return `${flag} ${value ?? ''}: not understood`;
    i++;
  }
  return options;
}

/** The rounds already in the module that this run keeps, plus those of the modules to merge. */
function startingBlocks(options: Options): Map<string, Uint8Array> {
  const keep = options.only !== null || options.merge.length > 0;
  const blocks = keep ? blocksOf(readDataModule(options.out)) : new Map<string, Uint8Array>();
  for (const file of options.merge) {
    const merged = readDataModule(file);
    if (!merged) throw new Error(`--merge ${file}: no data module there`);
    for (const [name, block] of blocksOf(merged)) blocks.set(name, block);
  }
  return blocks;
}

/** Solves (or, with --reuse, re-cleans) one round and measures what is stored; prints one line. */
function solveOne(planned: PlannedRound, options: Options): [string, Uint8Array] {
  const name = gameName(planned.spec);
  const settings = options.iterations ? { ...planned.settings, iterations: options.iterations } : planned.settings;
  const key = `r${settings.recall}-i${settings.iterations}`;
  const solved = solveRound(new RoundGame(planned.spec), settings, () => performance.now(), {
    progress: (done) => process.stderr.write(`\r${name}: ${done}/${settings.iterations} iterations`),
    raw: options.reuse ? readCached(name, key) : null,
  });
  writeCached(name, key, solved.raw);
  process.stderr.write(`\r${name}: measuring the stored strategy's exploitability…`);
  const { block, exploitability } = encodeMeasured(name, solved);
  process.stderr.write('\n');
  process.stdout.write(
    `${name.padEnd(26)} ${String(solved.nodes.length).padStart(6)} nodes ${String(block.length).padStart(8)} bytes  exploitability ${Math.max(0, exploitability).toFixed(5)}  ${solved.seconds.toFixed(0)} s\n`,
  );
  return [name, block];
}

/**
 * Solves the planned heads-up rounds by CFR+ and writes the strategies into the bots' data module. With
 * --only or --merge, the other games already in the module are kept as they are; --merge alone solves nothing.
 */
export const solveCommand: CliCommand = {
  summary: 'solve the small heads-up rounds (CFR+) and write the expert’s stored strategies',
  async run(args) {
    const options = parseArgs(args);
    if (typeof options === 'string') {
      process.stderr.write(`${options}\n${USAGE}\n`);
      return 2;
    }
    const merging = options.merge.length > 0 && !options.only;
    const plan = merging ? [] : solvedPlan().filter((p) => !options.only || gameName(p.spec).includes(options.only));
    if (options.list || (plan.length === 0 && !merging)) {
      process.stdout.write(solvedPlan().map((p) => `${gameName(p.spec)}\n`).join(''));
      return options.list ? 0 : 2;
    }
    const blocks = startingBlocks(options);
    for (const planned of plan) blocks.set(...solveOne(planned, options));
    const order = solvedPlan().map((p) => gameName(p.spec));
    const names = [...blocks.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const file = assembleFile(names.map((n) => blocks.get(n) as Uint8Array));
    writeDataModule(options.out, file, `LDSR format version ${FORMAT_VERSION}, ${names.length} games, ${file.length} bytes.`);
    process.stdout.write(`wrote ${options.out}: ${names.length} games, ${file.length} bytes\n`);
    return 0;
  },
};
