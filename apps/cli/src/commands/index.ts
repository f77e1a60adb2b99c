import type { CliCommand } from './cli-command';
import { scenarioCommand } from './scenario.command';
import { verifyCommand } from './verify.command';
import { rebuildCommand } from './rebuild.command';
import { benchProjectionsCommand } from './bench-projections.command';
import { benchStoreCommand } from './bench-store.command';

/** Every CLI command, by the name used in `npm run <name>`. Add a command by adding one line here. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  scenario: scenarioCommand,
  verify: verifyCommand,
  rebuild: rebuildCommand,
  'bench-projections': benchProjectionsCommand,
  'bench-store': benchStoreCommand,
};
