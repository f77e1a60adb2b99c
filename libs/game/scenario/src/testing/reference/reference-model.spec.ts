import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { subsetDifferences } from '../subset';
import { fairValues } from './fair-dice';
import { referenceRuling } from './reference-model';

// Self-check of the independent model against the public examples (libs/game/scenario/conformance).
const dir = join(__dirname, '..', '..', '..', 'conformance');
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
  .map((file) => file.replace(/\.json$/, ''));

describe('reference model on the public conformance scenarios', () => {
  it('finds them', () => {
    expect(names.length).toBeGreaterThanOrEqual(11);
  });

  it.each(names)('%s: the model gives the expected output', (name) => {
    // Given a public example
    const text = readFileSync(join(dir, `${name}.json`), 'utf8');
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8'));
    // When the model rules on it
    const ruling = referenceRuling(text, '0'.repeat(64));
    // Then every expected field matches
    if ('invalid' in ruling) throw new Error(`model says invalid: ${ruling.invalid}`);
    expect(subsetDifferences(ruling.report, expected)).toEqual([]);
  });

  it('derives unlisted dice with fairness.md (worked example: seed 0, m1 -> 6 1 1 1 1)', () => {
    // Given the worked example's label, when derived, then the documented values come out
    expect(fairValues('0'.repeat(64), 'm1|dice|1|0', 5)).toEqual([6, 1, 1, 1, 1]);
    expect(fairValues('0'.repeat(64), 'm1|chamber|1', 1)).toEqual([5]);
  });
});
