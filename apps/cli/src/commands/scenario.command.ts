import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { rulingOf, rulingOfLine } from '@liars-dice/game-scenario';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: scenario FILE|-   or   scenario --ndjson < FILE.ndjson';

/** Fresh secure bytes for rounds a file does not list and gives no `seed` for. */
const secureSeed = (): string => randomBytes(32).toString('hex');

export const scenarioCommand: CliCommand = {
  summary: 'rule on a match written down as a scenario (shared/spec/scenario-format.md)',
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

/** One scenario a line in, one output a line out, each answered as soon as its line arrives. */
async function runNdjson(): Promise<number> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let pending: string[] = [];
  // Outputs of lines that arrive together leave in one write; a lone line is answered at once.
  const flush = () => {
    if (pending.length === 0) return;
    process.stdout.write(pending.join(''));
    pending = [];
  };
  for await (const line of lines) {
    if (line.trim() === '') continue;
    pending.push(`${rulingOfLine(line, secureSeed)}\n`);
    if (pending.length >= 256) flush();
    else setImmediate(flush);
  }
  flush();
  return 0;
}
