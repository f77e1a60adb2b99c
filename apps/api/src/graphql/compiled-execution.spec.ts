import {
  type ExecutionResult,
  GraphQLError,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  parse,
  subscribe,
  execute,
} from 'graphql';
import pino from 'pino';
import { compiledExecution } from './compiled-execution';
import { errorFormatter, formatResult } from './errors';

interface Seat {
  readonly seat: string;
  readonly dice: number[];
}
interface View {
  readonly id: string;
  readonly revision: string;
  readonly seats: Seat[];
  readonly secret?: string;
}

const Seat = new GraphQLObjectType({
  name: 'Seat',
  fields: { seat: { type: GraphQLString }, dice: { type: new GraphQLList(GraphQLInt) } },
});
const View = new GraphQLObjectType({
  name: 'View',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLString) },
    revision: { type: GraphQLString },
    seats: { type: new GraphQLList(Seat) },
    // A resolver that refuses, as a guarded field would: the push carries the error with its path.
    secret: {
      type: GraphQLString,
      resolve: (view: View) => {
        if (view.secret === undefined)
          throw new GraphQLError('not yours', { extensions: { code: 'FORBIDDEN' } });
        return view.secret;
      },
    },
  },
});

function schemaPushing(views: readonly View[]): GraphQLSchema {
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        updated: {
          type: View,
          args: { id: { type: new GraphQLNonNull(GraphQLString) } },
          resolve: (view: unknown) => view,
          subscribe: (_: unknown, { id }: { id: string }) => {
            if (id === 'unknown')
              throw new GraphQLError('no match unknown', { extensions: { code: 'NOT_FOUND' } });
            return (async function* () {
              yield* views;
            })();
          },
        },
      },
    }),
  });
}

const views: View[] = [
  {
    id: 'm1',
    revision: '3',
    seats: [
      { seat: 's1', dice: [1, 2] },
      { seat: 's2', dice: [] },
    ],
    secret: 'x',
  },
  { id: 'm2', revision: '1', seats: [] },
  { id: 'm1', revision: '4', seats: [{ seat: 's1', dice: [6] }] },
];

async function pushes(run: typeof subscribe, query: string, variableValues?: Record<string, unknown>) {
  const result = await run({
    schema: schemaPushing(views),
    document: parse(query),
    variableValues,
    contextValue: {},
  });
  if (!(Symbol.asyncIterator in result)) return JSON.parse(JSON.stringify(result)) as unknown;
  const all: unknown[] = [];
  for await (const push of result) all.push(JSON.parse(JSON.stringify(push)));
  return all;
}

describe('compiled subscription pushes (graphql-jit, ADR 0018)', () => {
  it.each([
    [
      'a literal argument',
      'subscription { updated(id: "m1") { id revision seats { seat dice } } }',
      undefined,
    ],
    [
      'a variable',
      'subscription($id: String!) { updated(id: $id) { revision seats { dice } } }',
      { id: 'm1' },
    ],
    [
      'aliases, fragments and a refusing field',
      'subscription { u: updated(id: "m1") { ...F secret } } fragment F on View { r: revision }',
      undefined,
    ],
    ['an unknown match (the source refuses)', 'subscription { updated(id: "unknown") { id } }', undefined],
  ])(
    'given %s, when views are pushed, then every push equals what graphql-js executes',
    async (_, query, variables) => {
      const expected = await pushes(subscribe, query, variables);
      expect(await pushes(compiledExecution().subscribe, query, variables)).toEqual(expected);
    },
  );

  // A non-null field missing: the whole view is null, with the error, as graphql-js answers.
  it('given a null in a non-null field, then the push is the same null view with its error', async () => {
    const query = 'subscription { updated(id: "m1") { id } }';
    const schema = schemaPushing([{ id: null as unknown as string, revision: '1', seats: [] }]);
    const run = async (fn: typeof subscribe) => {
      const stream = (await fn({
        schema,
        document: parse(query),
        contextValue: {},
      })) as AsyncIterable<ExecutionResult>;
      const all: unknown[] = [];
      for await (const push of stream) all.push(JSON.parse(JSON.stringify(push)));
      return all;
    };
    expect(await run(compiledExecution().subscribe)).toEqual(await run(subscribe));
  });

  it('given a compiled push whose error has no extensions, when formatted for the socket, then it has the same shape as graphql-js', async () => {
    const schema = schemaPushing([{ id: null as unknown as string, revision: '1', seats: [] }]);
    const format = errorFormatter(pino({ enabled: false }));
    const first = async (fn: typeof subscribe) => {
      const stream = (await fn({
        schema,
        document: parse('subscription { updated(id: "m1") { id } }'),
        contextValue: {},
      })) as AsyncIterable<ExecutionResult>;
      for await (const push of stream) return formatResult(format, push);
      return null;
    };
    expect(await first(compiledExecution().subscribe)).toEqual(await first(subscribe));
  });
});

describe('compiled queries and mutations over websockets and HTTP (graphql-jit, ADRs 0018 and 0021)', () => {
  function schemaLogging(log: string[]): GraphQLSchema {
    const Item = new GraphQLObjectType({
      name: 'Item',
      fields: { id: { type: new GraphQLNonNull(GraphQLString) }, n: { type: GraphQLInt } },
    });
    const MakeInput = new GraphQLInputObjectType({
      name: 'MakeInput',
      fields: {
        name: { type: new GraphQLNonNull(GraphQLString) },
        kind: { type: new GraphQLNonNull(GraphQLString), defaultValue: 'regular' },
      },
    });
    const Kind = new GraphQLEnumType({ name: 'Kind', values: { REGULAR: { value: 'regular' }, PRACTICE: { value: 'practice' } } });
    const PickInput = new GraphQLInputObjectType({
      name: 'PickInput',
      fields: {
        kinds: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Kind))) },
        kind: { type: new GraphQLNonNull(Kind), defaultValue: 'practice' },
      },
    });
    const Stamp = new GraphQLScalarType({ name: 'Stamp', parseValue: (value) => Number(value) * 1000, serialize: (value) => value });
    const StampInput = new GraphQLInputObjectType({ name: 'StampInput', fields: { at: { type: Stamp } } });
    const slowly = (value: string, ms: number) =>
      new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));
    return new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: {
          item: {
            type: Item,
            args: { id: { type: new GraphQLNonNull(GraphQLString) } },
            resolve: (_: unknown, { id }: { id: string }) => ({ id, n: id.length }),
          },
          items: {
            type: new GraphQLList(Item),
            resolve: () => [
              { id: 'a', n: 1 },
              { id: null, n: 2 },
            ],
          },
        },
      }),
      mutation: new GraphQLObjectType({
        name: 'Mutation',
        fields: {
          // The first mutation is slow and logs when it ends: run in parallel, the second would log first.
          first: {
            type: GraphQLString,
            resolve: async () => {
              const value = await slowly('1', 20);
              log.push('first');
              return value;
            },
          },
          second: {
            type: GraphQLString,
            resolve: () => {
              log.push('second');
              return '2';
            },
          },
          // An input object with an enum whose values are not its names, and a custom scalar (runs on graphql-js).
          pick: {
            type: GraphQLString,
            args: { input: { type: new GraphQLNonNull(PickInput) } },
            resolve: (_: unknown, { input }: { input: { kinds: string[]; kind: string } }) => `${input.kinds.join('+')}/${input.kind}`,
          },
          stamp: {
            type: GraphQLString,
            args: { input: { type: StampInput } },
            resolve: (_: unknown, { input }: { input?: { at: number } }) => String(input?.at),
          },
          // An input object that leaves out a defaulted field: graphql-jit alone would refuse it.
          make: {
            type: GraphQLString,
            args: { input: { type: new GraphQLNonNull(MakeInput) } },
            resolve: (_: unknown, { input }: { input: { name: string; kind: string } }) =>
              `${input.name}/${input.kind}`,
          },
          refuse: {
            type: new GraphQLNonNull(Item),
            resolve: () => {
              throw new GraphQLError('not your turn', { extensions: { code: 'NOT_YOUR_TURN' } });
            },
          },
        },
      }),
    });
  }

  it.each([
    [
      'a query with a variable and __typename',
      'query($id: String!) { item(id: $id) { __typename id n } }',
      { id: 'abc' },
    ],
    ['a list with a null in a non-null field', '{ items { id n } }', undefined],
    ['two mutations', 'mutation { a: first b: second }', undefined],
    ['a refused mutation', 'mutation { refuse { id } }', undefined],
    [
      'an input object variable leaving out a defaulted field',
      'mutation($input: MakeInput!) { make(input: $input) }',
      { input: { name: 'x' } },
    ],
    [
      'an input object of enums valued by other strings, a default left out',
      'mutation($input: PickInput!) { pick(input: $input) }',
      { input: { kinds: ['REGULAR', 'PRACTICE'] } },
    ],
    ['an input object variable refused (an unknown enum name)', 'mutation($input: PickInput!) { pick(input: $input) }', { input: { kinds: ['regular'] } }],
    ['an input object variable refused (a field missing)', 'mutation($input: MakeInput!) { make(input: $input) }', { input: {} }],
    ['a custom scalar in an input object (graphql-js runs it)', 'mutation($input: StampInput) { stamp(input: $input) }', { input: { at: 2 } }],
  ])(
    'given %s, when executed, then the answer (and the order of the effects) equals graphql-js',
    async (_, query, variableValues) => {
      const document = parse(query);
      expect(compiledExecution().compiles({ schema: schemaLogging([]), document })).toBe(!query.includes('Stamp'));
      const run = async (fn: typeof execute) => {
        const log: string[] = [];
        const result = await fn({
          schema: schemaLogging(log),
          document: parse(query),
          variableValues,
          contextValue: {},
        });
        return { result: JSON.parse(JSON.stringify(result)) as unknown, log };
      };
      expect(await run(compiledExecution().execute)).toEqual(await run(execute));
    },
  );
});
