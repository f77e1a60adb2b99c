import { SIMULATIONS } from '../simulate/simulations';
import type { CliCommand } from './cli-command';

function usage(): string {
  const list = Object.entries(SIMULATIONS)
    .map(([name, load]) => `  ${name.padEnd(12)} ${load().summary}`)
    .join('\n');
  return `usage: npm run simulate -- <simulation> [flags]   (--help after a name for its flags)\n${list}\n`;
}

/** `npm run simulate -- <simulation> …`: one entry point for the simulations, each a subcommand (SIMULATIONS). */
export const simulateCommand: CliCommand = {
  summary: `run a simulation (${Object.keys(SIMULATIONS).join(', ')})`,
  async run(args) {
    const [name, ...rest] = args;
    const load = name ? SIMULATIONS[name] : undefined;
    if (!load) {
      process.stderr.write(`${name ? `unknown simulation: ${name}\n` : ''}${usage()}`);
      return 2;
    }
    return load().run(rest);
  },
};
