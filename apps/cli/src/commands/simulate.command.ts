/* eslint-disable @typescript-eslint/no-require-imports -- simulations load lazily, like the commands */
import type { CliCommand } from './cli-command';

const lazy = (module: string, name: string) => (): CliCommand => (require(module) as Record<string, CliCommand>)[name] as CliCommand;

/** Every simulation, by the name `npm run simulate -- <name>` takes; add one with one line. */
export const SIMULATIONS: Readonly<Record<string, () => CliCommand>> = {
  tournament: lazy('../simulate/tournament/tournament.simulation', 'tournamentSimulation'),
  collusion: lazy('../simulate/collusion.simulation', 'collusionSimulation'),
};

/** `npm run simulate -- <simulation> [flags…]`: one command, a simulation per subcommand. */
export const simulateCommand: CliCommand = {
  summary: `simulations (${Object.keys(SIMULATIONS).join(', ')}): a population of CPU players through the real deciders`,
  async run(args) {
    const [name, ...rest] = args;
    const load = name === undefined ? undefined : SIMULATIONS[name];
    if (!load) {
      const list = Object.entries(SIMULATIONS).map(([key, one]) => `  ${key.padEnd(12)} ${one().summary}`).join('\n');
      process.stderr.write(`${name === undefined ? 'missing simulation' : `unknown simulation: ${name}`}\nusage: simulate <simulation> [flags]\n${list}\n`);
      return 2;
    }
    return load().run(rest);
  },
};
