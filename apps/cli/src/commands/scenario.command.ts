import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { rulingOf } from '@liars-dice/game-scenario';
import { NdjsonPool } from '../scenario/ndjson-pool';
import { secureSeed, useNativeHmac } from '../scenario/ruling-engine';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: scenario FILE|-   or   scenario --ndjson < FILE.ndjson';

export const scenarioCommand: CliCommand = {
  summary: 'rule on a match written down as a scenario (docs/protocols/scenario-format.md)',
  async run(args) {
    if (args.length === 1 && args[0] === '--ndjson') return runNdjson();
    if (args.length !== 1 || args[0] === undefined || args[0].startsWith('--')) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    return runOne(args[0]);
  },
};

function runOne(file: string): number {
  useNativeHmac();
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    process.stderr.write(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 2;
  }
  const ruling = rulingOf(text, secureSeed);
  if ('invalid' in ruling) {
    process.stderr.write(`invalid scenario: ${ruling.invalid.replace(/\s+/g, ' ')}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(ruling.report, null, 2)}\n`);
  return 0;
}

/** One scenario a line in, one output a line out, in order, each answered as soon as its line is ruled on. */
async function runNdjson(): Promise<number> {
  const pool = new NdjsonPool((text) => process.stdout.write(text));
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() !== '') pool.push(line);
  }
  await pool.finish();
  return 0;
}
