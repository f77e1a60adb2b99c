import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulingOf } from './ruling';
import { subsetDifferences } from './testing/subset';

// The public examples of the scenario format (docs/protocols/scenario-format.md), its worked example among them.
const dir = join(__dirname, '..', 'conformance');
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
  .map((file) => file.replace(/\.json$/, ''));

const fixedSeed = () => '0'.repeat(64);

describe('public conformance scenarios', () => {
  it('are all present', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(names).toContain('protocol-doc-example');
  });

  it.each(names)('%s: the ruling matches the expected output', (name) => {
    // Given the scenario file
    const text = readFileSync(join(dir, `${name}.json`), 'utf8');
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8'));
    // When it is ruled on
    const ruling = rulingOf(text, fixedSeed);
    // Then every expected field matches
    if ('invalid' in ruling) throw new Error(`unexpectedly invalid: ${ruling.invalid}`);
    expect(subsetDifferences(ruling.report, expected)).toEqual([]);
  });
});
