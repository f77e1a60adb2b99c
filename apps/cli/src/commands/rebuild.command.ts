import { PROJECTION_NAMES, ProjectionEngine, type RebuildProgress, rebuildProjections } from '@liars-dice/server-projections';
import { openApiStores } from '../projections/open-stores';
import type { CliCommand } from './cli-command';
import { commandArgs, wantsHelp } from './command-args';
import { NoStoreError } from './stored-data';

const WIDTH = 30;

function bar({ events, fraction }: RebuildProgress): string {
  const filled = Math.round(fraction * WIDTH);
  return `\r[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${events} events`;
}

/**
 * The projections a command line names (all when none), or the exit code when it only asked for the usage (0)
 * or is wrong (2: an unknown switch such as `--al`, or an unknown projection, refused before anything is emptied).
 */
function projectionsAsked(args: readonly string[]): readonly string[] | number {
  const usage = `usage: npm run rebuild -- [${PROJECTION_NAMES.join('|')} …]\n`;
  const parsed = commandArgs(args, { switches: ['--help', '-h'], operands: { min: 0, max: Infinity } });
  if (typeof parsed !== 'string' && wantsHelp(parsed)) {
    process.stdout.write(usage);
    return 0;
  }
  const unknown = typeof parsed === 'string' ? [] : parsed.operands.filter((n) => !(PROJECTION_NAMES as readonly string[]).includes(n));
  if (typeof parsed === 'string' || unknown.length > 0) {
    process.stderr.write(`${typeof parsed === 'string' ? parsed : `unknown projection(s): ${unknown.join(', ')}`}\n${usage}`);
    return 2;
  }
  return parsed.operands;
}

/**
 * `npm run rebuild -- [projection…]`: empties the named read models (all by default) in this instance's read
 * database and replays every match event from the first. It refuses to run while the API (or another tool) owns
 * the data directory: emptying read models under a running API would leave its caches stale. A data directory
 * (or embedded event store) that is not there is refused with exit 2, naming it, and nothing is created.
 */
export const rebuildCommand: CliCommand = {
  summary: `rebuild read models from the first event (${PROJECTION_NAMES.join(', ')}; all by default)`,
  async run(args) {
    const names = projectionsAsked(args);
    if (typeof names === 'number') return names;
    const stores = await openApiStores(process.env, 'rebuild').catch((error: unknown) => {
      if (!(error instanceof NoStoreError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return null;
    });
    if (!stores) return 2;
    const { store, db, file } = stores;
    try {
      const engine = new ProjectionEngine(db);
      const started = performance.now();
      const result = await rebuildProjections(store, engine, names.length > 0 ? names : engine.names, (p) => process.stderr.write(bar(p)));
      process.stderr.write('\n');
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      process.stdout.write(`rebuilt ${result.projections.join(', ')} in ${file}: ${result.events} events replayed, ${result.applications} applied, ${seconds} s\n`);
      const failed = engine.states().filter((s) => s.failure);
      for (const s of failed) process.stderr.write(`projection ${s.name} stopped at ${s.failure?.stream} ${s.failure?.type} (position ${s.failure?.position}): ${s.failure?.error}\n`);
      return failed.length > 0 ? 1 : 0;
    } finally {
      await stores.close();
    }
  },
};
