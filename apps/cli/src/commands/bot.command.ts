import { createInterface } from 'node:readline';
import { answerLine } from '@liars-dice/game-bots';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: bot --ndjson   (one request a line on standard input, docs/protocols/bot-protocol.md)';

/** One request a line in, one legal action a line out, each written as soon as its line is read. */
export const botCommand: CliCommand = {
  summary: 'ask a CPU player for its move, one request a line (docs/protocols/bot-protocol.md)',
  async run(args) {
    if (args.length !== 1 || args[0] !== '--ndjson') {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      let answer: string;
      try {
        answer = answerLine(line);
      } catch (error) {
        // A request the checks let through but no bot could answer is still that line's answer, not a crash.
        answer = JSON.stringify({ invalid: `request: ${error instanceof Error ? error.message : String(error)}` });
      }
      process.stdout.write(`${answer}\n`);
    }
    return 0;
  },
};
