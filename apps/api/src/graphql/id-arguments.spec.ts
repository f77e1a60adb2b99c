import { buildSchema, graphql } from 'graphql';
import { checkIdArguments } from './id-arguments';

const schema = checkIdArguments(
  buildSchema(`
    input SeatInput { id: ID name: String }
    input Nested { matchId: String next: Nested seats: [SeatInput!] }
    input Plain { name: String count: Int }
    type Query {
      one(id: ID!): String
      many(ids: [ID!]!): String
      nested(input: Nested!): String
      plain(input: Plain, name: String): String
    }
  `),
);
const answered = { one: () => 'ok', many: () => 'ok', nested: () => 'ok', plain: () => 'ok' };

/** The field's answer, or the refusal's message and the argument path it names. */
async function run(query: string, variableValues: Record<string, unknown>): Promise<unknown> {
  const result = await graphql({ schema, source: query, rootValue: answered, variableValues });
  const error = result.errors?.[0];
  if (!error) return Object.values(result.data ?? {})[0];
  const refusal = error.originalError as { code?: string; field?: string } | undefined;
  return { message: error.message, code: refusal?.code, field: refusal?.field };
}

const NESTED = 'query($input: Nested!) { nested(input: $input) }';
const bad = (path: string) => ({ message: `${path}: an id is 1 to 100 printable ASCII characters, no spaces`, code: 'BAD_USER_INPUT', field: path });

describe('id arguments', () => {
  it('given good ids anywhere, then the resolver runs', async () => {
    expect(await run('query($id: ID!) { one(id: $id) }', { id: 'm-1' })).toBe('ok');
    expect(await run('query($ids: [ID!]!) { many(ids: $ids) }', { ids: ['a', 'b'] })).toBe('ok');
    expect(await run(NESTED, { input: { matchId: 'x', next: { matchId: 'y', seats: [{ id: 'z', name: 'has spaces' }] } } })).toBe('ok');
    expect(await run(NESTED, { input: { next: null, seats: null } })).toBe('ok');
  });

  it('given a bad id, then BAD_USER_INPUT names the first one, wherever it sits', async () => {
    expect(await run('query($id: ID!) { one(id: $id) }', { id: 'has space' })).toEqual(bad('id'));
    expect(await run('query($id: ID!) { one(id: $id) }', { id: 'x'.repeat(101) })).toEqual(bad('id'));
    expect(await run('query($ids: [ID!]!) { many(ids: $ids) }', { ids: ['a', '\u0000', ''] })).toEqual(bad('ids[1]'));
    expect(await run(NESTED, { input: { matchId: '' } })).toEqual(bad('input.matchId'));
    expect(await run(NESTED, { input: { matchId: 'ok', next: { next: { matchId: 'a b' } } } })).toEqual(bad('input.next.next.matchId'));
    expect(await run(NESTED, { input: { seats: [{ id: 'fine' }, { id: 'not fine' }] } })).toEqual(bad('input.seats[1].id'));
  });

  it('given a field whose arguments hold no id, then nothing is checked', async () => {
    expect(await run('query($name: String) { plain(input: { name: "a b" }, name: $name) }', { name: 'c d' })).toBe('ok');
  });
});
