import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';

const root = path.join(__dirname, '../../../..');

describe('the console operations', () => {
  const schema = buildSchema(readFileSync(path.join(root, 'docs/schema.graphql'), 'utf8'));
  // Every .graphql file here is a codegen document (codegen.cjs): operations.graphql and the analyst pages' own.
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.graphql'));
  const operations = parse(files.map((name) => readFileSync(path.join(__dirname, name), 'utf8')).join('\n'));

  it('given docs/schema.graphql (printed from the API), then every operation of every file validates against it', () => {
    expect(files).toEqual(expect.arrayContaining(['operations.graphql', 'analyst.graphql']));
    expect(validate(schema, operations).map((e) => e.message)).toEqual([]);
  });

  it('given a field the API does not have, then validation names it (the check can fail)', () => {
    const stale = parse('query Stale { me { id nickname } }');
    expect(validate(schema, stale).map((e) => e.message)).toEqual([
      expect.stringMatching(/^Cannot query field "nickname" on type "Account"/),
    ]);
  });
});
