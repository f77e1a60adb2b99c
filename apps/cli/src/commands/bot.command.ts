import { createInterface } from 'node:readline';
import { answerLine } from '@liars-dice/game-bots';
import type { CliCommand } from './cli-command';

const USAGE = 'usage: bot --ndjson   (one request a line on standard input, docs/protocols/bot-protocol.md)';

function reportInternal(error: unknown): void {
  process.stderr.write(`bot: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}

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
      // A failure on our side is that line's answer ({"internal"}), not a crash; its stack goes to standard error.
      process.stdout.write(`${answerLine(line, { internalError: reportInternal })}\n`);
    }
    return 0;
  },
};
