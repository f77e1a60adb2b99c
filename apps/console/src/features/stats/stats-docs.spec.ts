import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, print } from 'graphql';

const root = path.join(__dirname, '../../../../..');

describe('the analyst queries in the docs', () => {
  const docs = readFileSync(path.join(root, 'docs/stats.md'), 'utf8');
  const operations = parse(
    readFileSync(path.join(root, 'apps/console/src/data/analyst.graphql'), 'utf8'),
  ).definitions;

  it('given the operations the analyst pages send, then docs/stats.md shows each as the page prints it', () => {
    const missing = operations
      .map((op) => print(op))
      .filter((text) => !docs.includes(`\`\`\`graphql\n${text}\n\`\`\``));
    expect(operations.length).toBeGreaterThanOrEqual(10);
    expect(missing).toEqual([]);
  });

  it('given a query the docs do not show, then the check names it (it can fail)', () => {
    const stale = print(parse('query Stale { globalStats { family } }').definitions[0] as never);
    expect(docs.includes(stale)).toBe(false);
  });
});
