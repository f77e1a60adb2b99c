import {
  defaultFieldResolver,
  type GraphQLArgument,
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

/**
 * A check compiled for one argument or input type: null when the value is fine, else where its first bad id
 * sits below it ('' for the value itself, `.matchId`, `[2].id`). Only what can hold an id is walked, and a path
 * is built only for a refusal (every request of a field with ids runs these).
 */
type Check = (value: unknown) => string | null;

function idCheck(value: unknown): string | null {
  return typeof value === 'string' && ID_PATTERN.test(value) ? null : '';
}

function listCheck(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return null;
    for (let index = 0; index < value.length; index++) {
      const each: unknown = value[index];
      const bad = each === null || each === undefined ? null : item(each);
      if (bad !== null) return `[${index}]${bad}`;
    }
    return null;
  };
}

/** Input types are compiled once each (`compiled`); one that refers to itself is entered before its fields. */
function checkOf(type: GraphQLInputType, idSlot: boolean, compiled: Map<string, Check | null>): Check | null {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = checkOf(inner.ofType, idSlot, compiled);
    return item && listCheck(item);
  }
  if (idSlot) return idCheck;
  if (!isInputObjectType(inner)) return null;
  if (compiled.has(inner.name)) return compiled.get(inner.name) ?? null;
  let fields: readonly { readonly name: string; readonly check: Check }[] = [];
  const check: Check = (value) => {
    if (typeof value !== 'object') return null;
    for (const { name, check: fieldCheck } of fields) {
      const field = (value as Record<string, unknown>)[name];
      const bad = field === null || field === undefined ? null : fieldCheck(field);
      if (bad !== null) return `.${name}${bad}`;
    }
    return null;
  };
  compiled.set(inner.name, holdsIds(inner) ? check : null);
  fields = Object.values(inner.getFields()).flatMap((field) => {
    const fieldCheck = checkOf(field.type, isIdSlot(field), compiled);
    return fieldCheck ? [{ name: field.name, check: fieldCheck }] : [];
  });
  return compiled.get(inner.name) ?? null;
}

function guard<Resolver extends GraphQLFieldResolver<unknown, unknown>>(checks: readonly { readonly name: string; readonly check: Check }[], resolver: Resolver): Resolver {
  return ((source, args: Record<string, unknown>, context, info) => {
    for (const { name, check } of checks) {
      const value = args[name];
      const bad = value === null || value === undefined ? null : check(value);
      if (bad !== null) throw new Refusal('BAD_USER_INPUT', `${name}${bad}: an id is ${ID_RULE}`, `${name}${bad}`);
    }
    return resolver(source, args, context, info);
  }) as Resolver;
}

/**
 * Every field of the schema that takes an id (directly or inside an input object) checks it before its
 * resolver runs — over HTTP and websockets alike, for fields added later too: a 10,000-character or NUL
 * id is BAD_USER_INPUT naming the argument (`input.matchId`), never a store error. Returns the same schema.
 */
export function checkIdArguments(schema: GraphQLSchema): GraphQLSchema {
  const compiled = new Map<string, Check | null>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const checks = field.args.flatMap((arg) => {
        const check = checkOf(arg.type, isIdSlot(arg), compiled);
        return check ? [{ name: arg.name, check }] : [];
      });
      if (checks.length === 0) continue;
      field.resolve = guard(checks, field.resolve ?? defaultFieldResolver);
      if (field.subscribe) field.subscribe = guard(checks, field.subscribe);
    }
  }
  return schema;
}
