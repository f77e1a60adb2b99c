import { rulingOfLine } from '@liars-dice/game-scenario';
import { secureSeed, useNativeHmac } from './ruling-engine';

useNativeHmac();

/** One task of the `scenario --ndjson` pool (piscina): a batch of lines in, their output lines out, in order. */
export default function ruleOnLines(lines: readonly string[]): string[] {
  return lines.map((line) => rulingOfLine(line, secureSeed));
}
