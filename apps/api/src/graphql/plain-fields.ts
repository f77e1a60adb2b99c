import { type GraphQLField, type GraphQLSchema, isObjectType } from 'graphql';

/** The name of the resolver Nest gives every field of an object type that has no resolver or middleware of its own. */
const NEST_PLAIN_RESOLVER = 'rootFieldResolver';

/** A sentinel no view holds, to see which property a resolver reads. */
const PROBE = Symbol('probe');

/**
 * Whether the field's resolver is Nest's plain one reading the field's own name with no default: exactly what
 * a field without a resolver does (`source[fieldName]`, undefined when absent). Nest's reads the decorated
 * property (a `@Field({ name })` that renames it reads another one) and answers the field's `defaultValue` when
 * the property is undefined: both are probed, so such a field keeps its resolver.
 */
function readsItsOwnName(field: GraphQLField<unknown, unknown>): boolean {
  const resolve = field.resolve as ((source: unknown) => unknown) | undefined;
  if (resolve?.name !== NEST_PLAIN_RESOLVER || resolve.length > 1) return false;
  return resolve({ [field.name]: PROBE }) === PROBE && resolve({}) === undefined;
}

/**
 * Drops Nest's plain field resolvers from a schema's object types (in place), so compiled execution reads those
 * fields directly (ADR 0029). graphql-jit inlines a field without a resolver as a property read in the result
 * object it builds; a field with one — every field of every view, as Nest builds the schema — becomes a call
 * through its runtime with a resolve info, a path and a promise check, per field of every push and every reply.
 * Only the compiled routes' copy of the schema is changed (`executable`, graphql.options.ts); Apollo's keeps
 * Nest's resolvers. Answers do not change: both read `source[fieldName]`. The one difference, graphql-js's
 * default resolver calling a property that is a function, cannot arise: views are plain data.
 */
export function inlinePlainFields(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (readsItsOwnName(field)) field.resolve = undefined;
    }
  }
  return schema;
}
