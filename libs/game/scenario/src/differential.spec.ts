import { rulingOf } from './index';
import { compare, minimalRepro } from './testing/reference/differential';
import { generateScenario } from './testing/reference/scenario-generator';

/**
 * Differential test: the engine (black box, through rulingOf) against an independent reference model written from
 * the rule book alone (src/testing/reference). DIFFERENTIAL_RUNS / DIFFERENTIAL_SEED widen or move the search.
 */
const runs = Number(process.env['DIFFERENTIAL_RUNS'] ?? 3000);
const firstSeed = Number(process.env['DIFFERENTIAL_SEED'] ?? 20261130);

jest.setTimeout(Math.max(30_000, runs * 20));

describe('engine vs reference model on generated scenarios', () => {
  it(`agree on ${runs} random scenarios (all rulesets, options, errors, timeouts, invalid files)`, () => {
    // Given many generated scenarios
    const failures: string[] = [];
    for (let i = 0; i < runs && failures.length < 5; i++) {
      const generated = generateScenario(firstSeed + i);
      // When both rule on each
      const { diffs } = compare(rulingOf, generated.text, generated.seedHex);
      if (diffs.length === 0) continue;
      const repro = minimalRepro(rulingOf, generated.text, generated.seedHex);
      const shown = compare(rulingOf, repro, generated.seedHex);
      failures.push(
        [
          `seed ${firstSeed + i} (${generated.aim}), engine seedHex ${generated.seedHex}`,
          `scenario: ${repro}`,
          `differences: ${shown.diffs.slice(0, 8).join('; ')}`,
        ].join('\n'),
      );
    }
    // Then they agree everywhere
    expect(failures).toEqual([]);
  });
});
