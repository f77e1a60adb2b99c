import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { postGraphQL } from './graphql-client';

/** The values a walk fills arguments with: a match, the accounts to ask about, the match's family. */
export interface WalkValues {
  readonly matchId: string;
  readonly accountIds: readonly string[];
  readonly family: string;
  /** Ids of other things, by the type of the field that takes them (a dispute's id for `dispute(id)`). */
  readonly ids?: Readonly<Record<string, string>>;
}

export async function fetchSchema(graphqlUrl: string): Promise<GraphQLSchema> {
  const response = await postGraphQL<IntrospectionQuery>(graphqlUrl, getIntrospectionQuery());
  if (!response.data) throw new Error(`introspection failed: ${JSON.stringify(response.errors)}`);
  return buildClientSchema(response.data);
}

/** An argument that names a player (an account id) rather than a match. */
const isPlayerArg = (arg: Pick<GraphQLArgument, 'name'>) => /player|account/i.test(arg.name);

function stringFor(arg: GraphQLArgument, values: WalkValues, account: string, owner: string): string {
  if (getNamedType(arg.type).name === 'ID') return isPlayerArg(arg) ? account : (values.ids?.[owner] ?? values.matchId);
  return arg.name === 'family' || arg.name === 'ruleset' ? values.family : account;
}

/** A literal for a required argument, or null when the walk cannot fill it (the field is then left out). */
function literalFor(arg: GraphQLArgument, values: WalkValues, account: string, owner = ''): string | null {
  const named = getNamedType(arg.type);
  if (named.name === 'ID' || named.name === 'String') return JSON.stringify(stringFor(arg, values, account, owner));
  const plain: Record<string, string> = { Int: '5', Float: '5', Boolean: 'false' };
  if (plain[named.name]) return plain[named.name] ?? null;
  if (isEnumType(named)) return named.getValues()[0]?.name ?? null;
  if (isInputObjectType(named)) return inputLiteral(named, values, account);
  return null;
}

/** An input object with its id fields (a match or a player) and its required fields filled, or null. */
function inputLiteral(type: GraphQLInputObjectType, values: WalkValues, account: string): string | null {
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const required = isNonNullType(field.type) && field.defaultValue === undefined;
    if (!required && !holdsId(field)) continue;
    const literal = literalFor(field as unknown as GraphQLArgument, values, account);
    if (literal === null) return null;
    parts.push(`${field.name}: ${literal}`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** An argument or input field that names a match or a player: an ID, or an input object with one. */
function holdsId(slot: { readonly type: GraphQLInputType }): boolean {
  const named = getNamedType(slot.type);
  return named.name === 'ID' || (isInputObjectType(named) && Object.values(named.getFields()).some((f) => getNamedType(f.type).name === 'ID'));
}

/** `(a: 1, b: "x")` for the required arguments (and id-like optional ones), or null when one cannot be filled. */
function argumentsFor(field: GraphQLField<unknown, unknown>, values: WalkValues, account: string): string | null {
  const parts: string[] = [];
  for (const arg of field.args) {
    const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
    const idLike = holdsId(arg);
    if (!required && !idLike) continue;
    const literal = literalFor(arg, values, account, getNamedType(field.type).name);
    if (literal === null) {
      if (required) return null;
      continue;
    }
    parts.push(`${arg.name}: ${literal}`);
  }
  return parts.length > 0 ? `(${parts.join(', ')})` : '';
}

/** Every field of `type` to `depth` levels (fields whose arguments cannot be filled are left out). */
export function selectAll(schema: GraphQLSchema, typeName: string, depth: number, values: WalkValues): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return '';
  const fields: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const args = argumentsFor(field, values, values.accountIds[0] ?? '');
    if (args === null) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) fields.push(`${field.name}${args}`);
    else if (depth > 1) {
      const inner = selectAll(schema, named.name, depth - 1, values);
      if (inner) fields.push(`${field.name}${args} { ${inner} }`);
    }
  }
  return fields.join(' ');
}

export interface Walk {
  /** One query: every query field whose arguments the walk can fill, once per account for player fields. */
  readonly query: string;
  /** One document per subscription field whose arguments the walk can fill. */
  readonly subscriptions: readonly string[];
  /** The root fields covered (the test checks the known ones are there). */
  readonly covered: readonly string[];
}

function rootSelections(schema: GraphQLSchema, root: 'Query' | 'Subscription', values: WalkValues, depth: number): { name: string; text: string }[] {
  const type = root === 'Query' ? schema.getQueryType() : schema.getSubscriptionType();
  const out: { name: string; text: string }[] = [];
  for (const field of Object.values(type?.getFields() ?? {})) {
    const accounts = field.args.some(isPlayerArg) ? values.accountIds : [values.accountIds[0] ?? ''];
    accounts.forEach((account, i) => {
      const args = argumentsFor(field, values, account);
      if (args === null) return;
      const named = getNamedType(field.type);
      const inner = isLeafType(named) ? '' : ` { ${selectAll(schema, named.name, depth - 1, values)} }`;
      out.push({ name: field.name, text: `${field.name}_${i}: ${field.name}${args}${inner}` });
    });
  }
  return out;
}

/** From the schema alone: what to ask at each step so that fields added later are covered too. */
export function walk(schema: GraphQLSchema, values: WalkValues, depth = 4): Walk {
  const queries = rootSelections(schema, 'Query', values, depth);
  const subscriptions = rootSelections(schema, 'Subscription', values, depth);
  return {
    query: `{ ${queries.map((q) => q.text).join(' ')} }`,
    subscriptions: subscriptions.map((s) => `subscription { ${s.text} }`),
    covered: [...new Set([...queries, ...subscriptions].map((s) => s.name))],
  };
}
