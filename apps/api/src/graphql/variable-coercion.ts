import {
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isInputType,
  isLeafType,
  isListType,
  isNonNullType,
  type OperationDefinitionNode,
  typeFromAST,
} from 'graphql';

/** What a compiled coercion returns when the value is not plainly valid: graphql-js then says why. */
const INVALID: unique symbol = Symbol('invalid');
type Coerce = (value: unknown) => unknown;

/** The values of an operation's variables, or null when graphql-js must coerce them (to name what is wrong). */
export type CompiledVariables = (inputs: Readonly<Record<string, unknown>>) => Record<string, unknown> | null;

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

function leaf(type: GraphQLInputType & { parseValue(value: unknown): unknown }): Coerce {
  return (value) => {
    try {
      const parsed = type.parseValue(value);
      return parsed === undefined ? INVALID : parsed;
    } catch {
      return INVALID;
    }
  };
}

function list(item: Coerce): Coerce {
  return (value) => {
    if (typeof value !== 'object' || value === null || typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function') {
      const one = item(value);
      return one === INVALID ? INVALID : [one];
    }
    const items: unknown[] = [];
    for (const each of value as Iterable<unknown>) {
      const coerced = item(each);
      if (coerced === INVALID) return INVALID;
      items.push(coerced);
    }
    return items;
  };
}

interface Field {
  readonly name: string;
  readonly coerce: Coerce;
  readonly defaultValue: unknown;
  readonly required: boolean;
}

function inputObject(fields: readonly Field[]): Coerce {
  const names = new Set(fields.map((field) => field.name));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    const sent = value as Record<string, unknown>;
    // A plain object, as graphql-js returns (it builds one without a prototype, then spreads it into one).
    const coerced: Record<string, unknown> = {};
    for (const field of fields) {
      const fieldValue = sent[field.name];
      if (fieldValue === undefined) {
        if (field.defaultValue !== undefined) coerced[field.name] = field.defaultValue;
        else if (field.required) return INVALID;
        continue;
      }
      const one = field.coerce(fieldValue);
      if (one === INVALID) return INVALID;
      coerced[field.name] = one;
    }
    for (const key of Object.keys(sent)) if (!names.has(key)) return INVALID;
    return coerced;
  };
}

/** Null (as graphql-js coerces a null or missing value of a nullable type) or the value coerced. */
const orNull = (coerce: Coerce): Coerce => (value) => (value == null ? null : coerce(value));

/**
 * A function that coerces a value of `type` as graphql-js's `coerceInputValue` does when it reports nothing,
 * or null for a type it leaves to graphql-js (a @oneOf input object). Named types are compiled once
 * (`compiled`); an input object is entered there before its fields, so one that refers to itself works.
 */
function coercer(type: GraphQLInputType, compiled: Map<GraphQLInputType, Coerce | null>): Coerce | null {
  if (isNonNullType(type)) {
    const inner = coercer(type.ofType, compiled);
    return inner && ((value) => (value == null ? INVALID : inner(value)));
  }
  if (isListType(type)) {
    const item = coercer(type.ofType as GraphQLInputType, compiled);
    return item && orNull(list(item));
  }
  if (compiled.has(type)) return compiled.get(type) ?? null;
  if (isLeafType(type)) {
    const done = orNull(leaf(type));
    compiled.set(type, done);
    return done;
  }
  if (!isInputObjectType(type) || type.isOneOf) return null;
  let object: Coerce = () => INVALID;
  const done = orNull((value) => object(value));
  compiled.set(type, done);
  const fields: Field[] = [];
  for (const field of Object.values(type.getFields())) {
    const coerce = coercer(field.type, compiled);
    if (!coerce) {
      compiled.set(type, null);
      return null;
    }
    fields.push({ name: field.name, coerce, defaultValue: field.defaultValue, required: isNonNullType(field.type) });
  }
  object = inputObject(fields);
  return done;
}

/**
 * The operation's variables coerced by compiled functions (one per variable, built once per operation): for
 * values that graphql-js's `getVariableValues` accepts, the same values (each leaf through its type's own
 * `parseValue`, input objects with defaults filled in and unknown fields refused), with none of its per-value
 * bookkeeping (paths, error callbacks, type look-ups). Anything it would refuse, and a missing variable with a
 * default (which graphql-js reads from the document), answers null: graphql-js then coerces and names the
 * fault, so refusals are exactly its own. Null also for an operation it cannot compile (a variable of an
 * unknown or output type, a @oneOf input).
 */
export function compileVariables(schema: GraphQLSchema, operation: OperationDefinitionNode): CompiledVariables | null {
  const compiled = new Map<GraphQLInputType, Coerce | null>();
  const variables: { readonly name: string; readonly coerce: Coerce; readonly required: boolean; readonly hasDefault: boolean }[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    // `$__proto__` is a legal variable name, but assigning it would set the values' prototype (schema field
    // names cannot begin with "__"): graphql-js handles that one.
    if (!type || !isInputType(type) || definition.variable.name.value === '__proto__') return null;
    const coerce = coercer(type, compiled);
    if (!coerce) return null;
    variables.push({ name: definition.variable.name.value, coerce, required: isNonNullType(type), hasDefault: definition.defaultValue !== undefined });
  }
  return (inputs) => {
    const values: Record<string, unknown> = {};
    for (const { name, coerce, required, hasDefault } of variables) {
      if (!hasOwn(inputs, name)) {
        if (hasDefault || required) return null;
        continue;
      }
      const value = coerce(inputs[name]);
      if (value === INVALID) return null;
      values[name] = value;
    }
    return values;
  };
}
