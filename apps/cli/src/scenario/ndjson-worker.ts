import { parentPort } from 'node:worker_threads';
import { rulingOfLine } from '@liars-dice/game-scenario';
import { secureSeed, useNativeHmac } from './ruling-engine';

/** One worker of the `scenario --ndjson` pool: a batch of lines in, their output lines out, in order. */
useNativeHmac();
parentPort?.on('message', ({ first, lines }: { first: number; lines: string[] }) => {
  parentPort?.postMessage({ first, outputs: lines.map((line) => rulingOfLine(line, secureSeed)) });
});
