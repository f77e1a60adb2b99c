import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';

const root = path.join(__dirname, '../../../..');

describe('the console operations', () => {
  const schema = buildSchema(readFileSync(path.join(root, 'docs/schema.graphql'), 'utf8'));
  const operations = parse(readFileSync(path.join(__dirname, 'operations.graphql'), 'utf8'));

  it('given docs/schema.graphql (printed from the API), then every operation validates against it', () => {
    expect(validate(schema, operations).map((e) => e.message)).toEqual([]);
  });

  it('given a field the API does not have, then validation names it (the check can fail)', () => {
    const stale = parse('query Stale { me { id nickname } }');
    expect(validate(schema, stale).map((e) => e.message)).toEqual([expect.stringMatching(/^Cannot query field "nickname" on type "Account"/)]);
  });
});
