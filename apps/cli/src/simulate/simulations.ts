import { spawn } from 'node:child_process';
import path from 'node:path';
import type { CliCommand } from '../commands/cli-command';

/**
 * A simulation that runs as its own program (apps/bench/dist/…): the tables load drives the built API from a
 * separate process, as a real client would, with the benchmarks' load-client pieces.
 */
function program(summary: string, file: string): CliCommand {
  return {
    summary,
    run: (args) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [file, ...args], { stdio: 'inherit' });
        child.once('error', reject);
        child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  };
}

const BENCH_DIST = path.join(__dirname, '..', '..', '..', 'bench', 'dist');

/**
 * Every `npm run simulate -- <name>` subcommand, loaded only when run. Add one by adding one line here.
 */
export const SIMULATIONS: Readonly<Record<string, () => CliCommand>> = {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when run, like the CLI's commands
  collusion: () => (require('./collusion.command') as { collusionSimulation: CliCommand }).collusionSimulation,
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when run, like the CLI's commands
  tournament: () => (require('./tournament/tournament.simulation') as { tournamentSimulation: CliCommand }).tournamentSimulation,
  tables: () => program('1,000 live tables on one API: humans over HTTP and websockets, CPU seats by the service; latency, pushes, errors, memory (--soak)', path.join(BENCH_DIST, 'tables', 'main.js')),
};
