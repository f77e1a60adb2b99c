import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { graphql, GraphQLInt, GraphQLList, GraphQLObjectType, GraphQLSchema, GraphQLString, lexicographicSortSchema, parse } from 'graphql';
import { inlinePlainFields } from './plain-fields';

/** What Nest's object-type factory gives a field without middleware (the same name and body). */
function nestPlain(property: string, defaultValue?: unknown) {
  const rootFieldResolver = (root: Record<string, unknown>) => {
    const value = root[property];
    return typeof value === 'undefined' ? defaultValue : value;
  };
  return rootFieldResolver;
}

function schemaLikeNests(): GraphQLSchema {
  const seat = new GraphQLObjectType({
    name: 'Seat',
    fields: {
      player: { type: GraphQLString, resolve: nestPlain('player') },
      dice: { type: GraphQLInt, resolve: nestPlain('dice') },
      // A field with a default, a renamed property, and a resolver of its own: each keeps its resolver.
      level: { type: GraphQLString, resolve: nestPlain('level', 'NONE') },
      nickname: { type: GraphQLString, resolve: nestPlain('alias') },
      shout: { type: GraphQLString, resolve: (root: { player?: string }) => root.player?.toUpperCase() ?? null },
    },
  });
  const match = new GraphQLObjectType({
    name: 'Match',
    fields: { id: { type: GraphQLString, resolve: nestPlain('id') }, seats: { type: new GraphQLList(seat), resolve: nestPlain('seats') } },
  });
  const view = { id: 'm1', seats: [{ player: 'ada', dice: 5, alias: 'A' }, { player: 'bo', dice: 0, level: 'EXPERT' }] };
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { match: { type: match, resolve: () => view } } }) });
}

const QUERY = '{ match { id seats { player dice level nickname shout } } }';

describe("compiled routes read a view's plain fields without Nest's resolvers", () => {
  it("given Nest's plain resolvers, when inlined, then only those reading the field's own name with no default are dropped", () => {
    const schema = inlinePlainFields(lexicographicSortSchema(schemaLikeNests()));

    const seat = schema.getType('Seat') as GraphQLObjectType;
    const kept = Object.values(seat.getFields()).filter((field) => field.resolve).map((field) => field.name);
    expect(kept.sort()).toEqual(['level', 'nickname', 'shout']);
    expect((schema.getType('Match') as GraphQLObjectType).getFields()['seats']?.resolve).toBeUndefined();
    expect(schema.getQueryType()?.getFields()['match']?.resolve).toBeDefined();
  });

  it('given the same query, when run on graphql-js and compiled, then the answers equal the schema with every resolver', async () => {
    const original = schemaLikeNests();
    const inlined = inlinePlainFields(lexicographicSortSchema(schemaLikeNests()));
    const expected = await graphql({ schema: original, source: QUERY });

    const compiled = compileQuery(inlined, parse(QUERY));
    if (!isCompiledQuery(compiled)) throw new Error('not compiled');

    expect(expected.errors).toBeUndefined();
    expect(await graphql({ schema: inlined, source: QUERY })).toEqual(expected);
    expect(JSON.parse(JSON.stringify(await compiled.query(undefined, undefined, {})))).toEqual(JSON.parse(JSON.stringify(expected)));
  });
});
