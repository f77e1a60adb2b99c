import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { examples } from './examples';

const schema = buildSchema(readFileSync(path.join(__dirname, '../../../../../docs/schema.graphql'), 'utf8'));

describe("GraphiQL's example queries", () => {
  it.each(examples('00000000-0000-4000-8000-000000000000').map((e) => [e.query.split('\n')[1] ?? '', e] as const))(
    'given docs/schema.graphql, then "%s" validates, with a value for each variable it requires',
    (_name, example) => {
      const document = parse(example.query);
      expect(validate(schema, document).map((e) => e.message)).toEqual([]);
      const required = document.definitions.flatMap((d) => ('variableDefinitions' in d ? (d.variableDefinitions ?? []) : [])).filter((v) => v.type.kind === 'NonNullType');
      for (const variable of required) expect(example.variables).toHaveProperty(variable.variable.name.value);
    },
  );

  it('given a signed-in reader, then the player examples ask about that account', () => {
    const mine = examples('me-123').filter((e) => 'player' in e.variables);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.variables['player'] === 'me-123')).toBe(true);
  });
});
