import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_SETUP_FILE, issueSetupToken } from '@liars-dice/server-auth';
import type { CliCommand } from './cli-command';
import { commandArgs, wantsHelp } from './command-args';

const USAGE = 'usage: npm run admin -- setup-token   (DATA_DIR as the server has it; default ./data)\n';

/**
 * `npm run admin -- setup-token`: issues a new admin setup token into the server's data directory and prints it
 * (ADR 0070). Only the file changes, which the server reads at each claim: it works while the API runs, and the
 * token it replaces stops working. For a lost token, or an operator whose admins are all locked out.
 */
export const adminCommand: CliCommand = {
  summary: 'setup-token: a new admin setup token for the server on DATA_DIR (claimAdmin makes its claimer an admin)',
  async run(args) {
    const parsed = commandArgs(args, { switches: ['--help', '-h'], operands: { min: 1, max: 1 } });
    if (typeof parsed !== 'string' && wantsHelp(parsed)) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (typeof parsed === 'string' || parsed.operands[0] !== 'setup-token') {
      process.stderr.write(`${typeof parsed === 'string' ? parsed : `unknown admin command ${JSON.stringify(parsed.operands[0])}`}\n${USAGE}`);
      return 2;
    }
    const dataDir = path.resolve(process.env['DATA_DIR'] || './data');
    if (!existsSync(dataDir)) {
      process.stderr.write(`DATA_DIR: ${dataDir} does not exist; run this where the server runs, with its DATA_DIR\n`);
      return 2;
    }
    const token = issueSetupToken(dataDir);
    process.stdout.write(`admin setup token (in ${path.join(dataDir, ADMIN_SETUP_FILE)}, hashed; any earlier one no longer works):\n${token}\n`);
    process.stdout.write('sign in as the account to make an admin, then: mutation { claimAdmin(token: "<token>") { name role } }\n');
    return 0;
  },
};
