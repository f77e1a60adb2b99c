import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { printApiSchema, SCHEMA_HEADER } from '../src/schema/api-schema';

const committed = path.join(__dirname, '..', '..', '..', 'docs', 'schema.graphql');

// Starting the real app takes a few seconds on a busy machine (Nest, the store, its threads).
jest.setTimeout(60_000);

describe('docs/schema.graphql', () => {
  it('given the running app, when its schema is printed, then it equals the committed file (else run `npm run schema`)', async () => {
    const printed = await printApiSchema();
    expect(readFileSync(committed, 'utf8')).toBe(printed);
  });

  it('given the committed file, when it is parsed, then it is a valid schema with the root operations', () => {
    const text = readFileSync(committed, 'utf8');
    expect(text.startsWith(SCHEMA_HEADER)).toBe(true);
    const schema = buildSchema(text);
    expect(schema.getQueryType()?.getFields()).toHaveProperty('matchReplay');
    expect(schema.getMutationType()?.getFields()).toHaveProperty('placeBid');
    expect(schema.getSubscriptionType()?.getFields()).toHaveProperty('matchUpdated');
  });
});
