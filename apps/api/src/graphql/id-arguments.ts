import {
  defaultFieldResolver,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { Refusal } from '@liars-dice/server-platform';

/** An id is 1 to 100 printable ASCII characters without spaces (what stream names and command ids take). */
export const ID_PATTERN = /^[\x21-\x7e]{1,100}$/;
const ID_RULE = '1 to 100 printable ASCII characters, no spaces';

type Slot = Pick<GraphQLArgument | GraphQLInputField, 'name' | 'type'>;

/** An argument or input field that holds an id: typed ID, or a String named `id`/`…Id` (`commandId`). */
function isIdSlot(slot: Slot): boolean {
  const named = getNamedType(slot.type);
  return named.name === 'ID' || (named.name === 'String' && /^(id|.+Id)$/.test(slot.name));
}

/** Where ids may sit under an input type (its fields and nested input objects), for a quick "has any" check. */
function holdsIds(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => isIdSlot(field) || holdsIds(field.type, seen));
}

function checkValue(value: unknown, type: GraphQLInputType, path: string, idSlot: boolean): void {
  if (value === null || value === undefined) return;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    if (Array.isArray(value)) value.forEach((item, i) => checkValue(item, inner.ofType, `${path}[${i}]`, idSlot));
    return;
  }
  if (idSlot) {
    if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw new Refusal('BAD_USER_INPUT', `${path}: an id is ${ID_RULE}`, path);
    return;
  }
  if (isInputObjectType(inner) && typeof value === 'object') {
    for (const field of Object.values(inner.getFields())) checkValue((value as Record<string, unknown>)[field.name], field.type, `${path}.${field.name}`, isIdSlot(field));
  }
}

function checkArguments(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): void {
  for (const arg of field.args) checkValue(args[arg.name], arg.type, arg.name, isIdSlot(arg));
}

function guard<Resolver extends GraphQLFieldResolver<unknown, unknown>>(field: GraphQLField<unknown, unknown>, resolver: Resolver): Resolver {
  return ((source, args, context, info) => {
    checkArguments(field, args);
    return resolver(source, args, context, info);
  }) as Resolver;
}

/**
 * Every field of the schema that takes an id (directly or inside an input object) checks it before its
 * resolver runs — over HTTP and websockets alike, for fields added later too: a 10,000-character or NUL
 * id is BAD_USER_INPUT naming the argument (`input.matchId`), never a store error. Returns the same schema.
 */
export function checkIdArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((arg) => isIdSlot(arg) || holdsIds(arg.type))) continue;
      field.resolve = guard(field, field.resolve ?? defaultFieldResolver);
      if (field.subscribe) field.subscribe = guard(field, field.subscribe);
    }
  }
  return schema;
}
