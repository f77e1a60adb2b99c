/* eslint-disable @typescript-eslint/no-require-imports -- commands load lazily: `scenario` must not pay for the API's modules */
import type { CliCommand } from './cli-command';

const lazy = (module: string, name: string) => (): CliCommand => (require(module) as Record<string, CliCommand>)[name] as CliCommand;

/**
 * Every CLI command, by the name used in `npm run <name>`, loaded only when run.
 * Add a command by adding one line here.
 */
export const COMMANDS: Readonly<Record<string, () => CliCommand>> = {
  scenario: lazy('./scenario.command', 'scenarioCommand'),
  'bench-rules': lazy('./bench-rules.command', 'benchRulesCommand'),
  bot: lazy('./bot.command', 'botCommand'),
  'bench-bots': lazy('./bench-bots.command', 'benchBotsCommand'),
  'bench-store': lazy('./bench-store.command', 'benchStoreCommand'),
  verify: lazy('./verify.command', 'verifyCommand'),
  rebuild: lazy('./rebuild.command', 'rebuildCommand'),
  'bench-projections': lazy('./bench-projections.command', 'benchProjectionsCommand'),
  'bench-seating': lazy('./bench-seating.command', 'benchSeatingCommand'),
  simulate: lazy('./simulate.command', 'simulateCommand'),
  solve: lazy('./solve.command', 'solveCommand'),
  admin: lazy('./admin.command', 'adminCommand'),
};
