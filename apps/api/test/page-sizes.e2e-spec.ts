import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, type GraphQLArgument, type GraphQLField, isNonNullType, isObjectType } from 'graphql';
import { TestPlayer } from './support/player';
import { ME } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

/** Issue #33: every page-size argument states its bounds in the schema, and the server holds it to them. */
const schema = buildSchema(readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'schema.graphql'), 'utf8'));
const PAGE_ARGS = new Set(['first', 'last', 'count', 'limit', 'pageSize']);

interface Paged {
  readonly type: string;
  readonly field: GraphQLField<unknown, unknown>;
  readonly arg: GraphQLArgument;
}

function pagedFields(): Paged[] {
  return Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter((type) => !type.name.startsWith('__'))
    .flatMap((type) => Object.values(type.getFields()).flatMap((field) => field.args.filter((arg) => PAGE_ARGS.has(arg.name)).map((arg) => ({ type: type.name, field, arg }))));
}

/** The bounds a description states: "1 to N (default D)". */
function boundsOf(arg: GraphQLArgument): { max: number; defaultValue: number } | null {
  const stated = /1 to (\d+) \(default (\d+)\)/.exec(arg.description ?? '');
  return stated ? { max: Number(stated[1]), defaultValue: Number(stated[2]) } : null;
}

describe('page sizes (docs/schema.graphql)', () => {
  it('given the schema, then every page-size argument of every field states its bounds and its default in its description', () => {
    const paged = pagedFields();
    expect(paged.length).toBeGreaterThanOrEqual(11);
    for (const { type, field, arg } of paged) {
      const bounds = boundsOf(arg);
      expect({ at: `${type}.${field.name}(${arg.name})`, bounds }).toEqual({ at: `${type}.${field.name}(${arg.name})`, bounds: expect.objectContaining({ max: expect.any(Number) }) });
      expect(arg.defaultValue).toBe(bounds?.defaultValue);
    }
  });

  describe('through the running API', () => {
    let server: Awaited<ReturnType<typeof startTestApi>>;
    let admin: TestPlayer;
    let adminId = '';

    beforeAll(async () => {
      server = await startTestApi({ ADMIN_NAME: 'root' });
      admin = await TestPlayer.register({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl }, 'root');
      adminId = (await admin.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? '';
    });
    afterAll(() => server.stop());

    /** The other required arguments, filled plainly (an account id for players, a family, an id). */
    const others = (field: GraphQLField<unknown, unknown>, pageArg: string) =>
      field.args
        .filter((a) => a.name !== pageArg && isNonNullType(a.type) && a.defaultValue === undefined)
        .map((a) => {
          const named = getNamedType(a.type).name;
          const value = named === 'Int' ? '1' : /player|account/i.test(a.name) ? JSON.stringify(adminId) : a.name === 'family' ? '"perudo"' : '"m-none"';
          return `${a.name}: ${value}`;
        });

    it('given every paged query, when a page one past its stated bound is asked for, then it is refused naming the argument, and the bound itself is not', async () => {
      const queries = pagedFields().filter((p) => p.type === 'Query');
      for (const { field, arg } of queries) {
        const max = boundsOf(arg)?.max ?? 0;
        const ask = async (size: number) => {
          const args = [...others(field, arg.name), `${arg.name}: ${size}`].join(', ');
          const response = await admin.send(`query { ${field.name}(${args}) { __typename } }`, {});
          return (response.errors ?? []).map((e) => ({ code: e.extensions?.['code'], field: e.extensions?.['field'] }));
        };
        expect({ query: field.name, errors: await ask(max + 1) }).toEqual({ query: field.name, errors: [{ code: 'BAD_USER_INPUT', field: arg.name }] });
        expect({ query: field.name, errors: (await ask(max)).filter((e) => e.field === arg.name) }).toEqual({ query: field.name, errors: [] });
      }
    });
  });
});
