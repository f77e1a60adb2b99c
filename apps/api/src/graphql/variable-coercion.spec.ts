import fc from 'fast-check';
import { buildSchema, GraphQLScalarType, type OperationDefinitionNode, parse } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { compileVariables } from './variable-coercion';

/** The shapes the API's inputs take: ids, enums with internal values, defaults, lists of input objects, a custom scalar. */
const schema = buildSchema(`
  enum Kind { REGULAR PRACTICE }
  enum Seat { HUMAN CPU }
  scalar Odd
  input SeatInput { kind: Seat! name: String }
  input CreateInput { commandId: String! seats: [SeatInput!]! ranked: Boolean = false kind: Kind = REGULAR dice: Int ratio: Float }
  input BidInput { matchId: ID! commandId: String! quantity: Int! face: Int! }
  input Tree { label: String next: Tree }
  input Either @oneOf { a: Int b: String }
  type Query { ok(create: CreateInput, bid: BidInput, tree: Tree, ids: [ID!], odd: Odd, either: Either): Boolean }
`);
const kind = schema.getType('Kind');
if (kind && 'getValue' in kind) {
  // Internal values differ from the names, as the API's enums' do (`REGULAR` is 'regular').
  for (const value of kind.getValues()) value.value = value.name.toLowerCase();
}
const odd = schema.getType('Odd') as GraphQLScalarType;
odd.parseValue = (value: unknown) => {
  if (typeof value !== 'number' || value % 2 !== 1) throw new TypeError('not odd');
  return value;
};

function operation(text: string): OperationDefinitionNode {
  return parse(text).definitions[0] as OperationDefinitionNode;
}

const OPERATIONS = [
  'query($create: CreateInput!) { ok(create: $create) }',
  'query($bid: BidInput!) { ok(bid: $bid) }',
  'query($tree: Tree, $ids: [ID!]) { ok(tree: $tree, ids: $ids) }',
  'query($ids: [ID!]!, $odd: Odd) { ok(ids: $ids, odd: $odd) }',
].map(operation);

/** What graphql-js makes of the variables: its values, or null when it refuses them. */
function reference(op: OperationDefinitionNode, inputs: Record<string, unknown>): Record<string, unknown> | null {
  const result = getVariableValues(schema, op.variableDefinitions ?? [], inputs);
  return result.errors ? null : result.coerced;
}

/** Values near the valid ones, and plenty of wrong ones. */
const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('REGULAR', 'PRACTICE', 'HUMAN', 'CPU', 'x'), fc.constant(2 ** 40));
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, scalar, tie('object'), fc.array(tie('any'), { maxLength: 3 })),
  object: fc.dictionary(fc.constantFrom('commandId', 'seats', 'ranked', 'kind', 'dice', 'ratio', 'name', 'matchId', 'quantity', 'face', 'label', 'next', 'extra'), tie('any'), { maxKeys: 6 }),
})).any;
const inputs = fc.dictionary(fc.constantFrom('create', 'bid', 'tree', 'ids', 'odd', 'either'), value, { maxKeys: 4 });

describe('compiled variable coercion', () => {
  it('given any variables, then it answers what graphql-js answers, or leaves them to graphql-js', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPERATIONS), inputs, (op, sent) => {
        const compiled = compileVariables(schema, op)?.(sent) ?? null;
        if (compiled !== null) expect(compiled).toStrictEqual(reference(op, sent));
      }),
      { numRuns: 1000 },
    );
  });

  it('given the inputs clients send, then it coerces them itself, to the values graphql-js gives', () => {
    const cases: [number, Record<string, unknown>][] = [
      [0, { create: { commandId: 'c-1', seats: [{ kind: 'HUMAN' }, { kind: 'CPU', name: 'Ada' }] } }],
      [0, { create: { commandId: 'c-2', seats: { kind: 'CPU' }, ranked: true, kind: 'PRACTICE', dice: 4, ratio: 0.5 } }],
      [1, { bid: { matchId: 12, commandId: 'b-1', quantity: 3, face: 6 } }],
      [2, { tree: { label: 'a', next: { label: 'b', next: null } }, ids: 'one' }],
      [2, {}],
      [3, { ids: ['a', 7], odd: 3 }],
    ];
    for (const [index, sent] of cases) {
      const op = OPERATIONS[index] as OperationDefinitionNode;
      const compiled = compileVariables(schema, op)?.(sent);
      expect(compiled).not.toBeNull();
      expect(compiled).toStrictEqual(reference(op, sent));
    }
  });

  it('given values graphql-js refuses, then it leaves them to graphql-js (which names the fault)', () => {
    const [create, bid, , listed] = OPERATIONS as [OperationDefinitionNode, OperationDefinitionNode, OperationDefinitionNode, OperationDefinitionNode];
    const refused: [OperationDefinitionNode, Record<string, unknown>][] = [
      [bid, {}],
      [bid, { bid: null }],
      [bid, { bid: { matchId: 'm', commandId: 'c', quantity: 3 } }],
      [bid, { bid: { matchId: 'm', commandId: 'c', quantity: 3.5, face: 2 } }],
      [bid, { bid: { matchId: 'm', commandId: 'c', quantity: 3, face: 2, extra: 1 } }],
      [bid, { bid: [{ matchId: 'm', commandId: 'c', quantity: 3, face: 2 }] }],
      [create, { create: { commandId: 'c', seats: [{ kind: 'ROBOT' }] } }],
      [create, { create: { commandId: 'c', seats: [null] } }],
      [listed, { ids: ['a'], odd: 2 }],
    ];
    for (const [op, sent] of refused) {
      expect(reference(op, sent)).toBeNull();
      expect(compileVariables(schema, op)?.(sent)).toBeNull();
    }
  });

  it('given a variable with a default, a @oneOf input or a variable named __proto__, then graphql-js coerces it', () => {
    expect(compileVariables(schema, operation('query($ids: [ID!] = ["a"]) { ok(ids: $ids) }'))?.({})).toBeNull();
    expect(compileVariables(schema, operation('query($e: Either) { ok(either: $e) }'))).toBeNull();
    expect(compileVariables(schema, operation('query($x: Nope) { ok }'))).toBeNull();
    expect(compileVariables(schema, operation('query($__proto__: [ID!]) { ok(ids: $__proto__) }'))).toBeNull();
  });
});
