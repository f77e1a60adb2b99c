import { parseScenario } from './parse-scenario';
import { runScenario, seedHexOf } from './run-scenario';
import { InvalidScenarioError } from './scenario';
import type { ScenarioReport } from './report';

export type Ruling = { readonly report: ScenarioReport } | { readonly invalid: string };

/**
 * A ruling for one scenario text. `randomSeedHex` supplies the house's randomness when the file has no `seed`
 * (the CLI passes fresh secure bytes); any other failure than an invalid scenario is a bug and propagates.
 */
export function rulingOf(text: string, randomSeedHex: () => string): Ruling {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { invalid: `not valid JSON: ${(error as Error).message}` };
  }
  try {
    const scenario = parseScenario(json);
    const seedHex = scenario.seed === undefined ? randomSeedHex() : seedHexOf(scenario.seed);
    return { report: runScenario(scenario, seedHex) };
  } catch (error) {
    if (error instanceof InvalidScenarioError) return { invalid: error.message };
    throw error;
  }
}

/** One line of `--ndjson` output for one line of input. */
export function rulingOfLine(line: string, randomSeedHex: () => string): string {
  const ruling = rulingOf(line, randomSeedHex);
  return JSON.stringify('invalid' in ruling ? { invalid: ruling.invalid } : ruling.report);
}
