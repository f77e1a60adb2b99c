import {
  createSourceEventStream,
  type DocumentNode,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  getNamedType,
  getOperationAST,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isInputType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  isSpecifiedScalarType,
  type OperationDefinitionNode,
  subscribe,
  typeFromAST,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { mapAsyncIterator } from 'graphql/execution/mapAsyncIterator';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { compileVariables, type CompiledVariables } from './variable-coercion';

type Compiled = CompiledQuery<unknown, Record<string, unknown>>;

interface Plan {
  readonly query: Compiled;
  readonly variables: VariablePlan;
  /** The operation's variables and their types, looked up once (every request of a 'coerced' plan writes them back). */
  readonly operation: OperationDefinitionNode;
  readonly inputs: readonly { readonly name: string; readonly type: GraphQLInputType }[];
  /** A 'coerced' plan's variables coerced by compiled functions (variable-coercion.ts), as graphql-js would. */
  readonly coerce: CompiledVariables | null;
}

const isRefusal = (value: Record<string, unknown> | ExecutionResult): value is ExecutionResult =>
  Array.isArray((value as ExecutionResult).errors);

export interface CompiledExecution {
  /** graphql-ws's `execute`: queries and mutations sent over a websocket. */
  readonly execute: typeof execute;
  /** graphql-ws's `subscribe`: the subscription set up by graphql-js, each push run compiled. */
  readonly subscribe: typeof subscribe;
  /** Whether the operation runs compiled (else on graphql-js): for tests and profiles. */
  readonly compiles: (args: ExecutionArgs) => boolean;
}

/** How a compiled operation gets its variables: as sent (graphql-jit coerces them), or coerced by graphql-js first. */
type VariablePlan = 'raw' | 'coerced';

/** Built-in scalars, enums and input objects of them: their coerced values can be written back as a client would send them. */
function recoercible(type: GraphQLInputType, seen: Set<GraphQLInputType>): boolean {
  const named = getNamedType(type);
  if (seen.has(named)) return true;
  seen.add(named);
  if (isScalarType(named)) return isSpecifiedScalarType(named);
  if (isInputObjectType(named)) return Object.values(named.getFields()).every((field) => recoercible(field.type, seen));
  return isEnumType(named);
}

/** A coerced value as a client would send it: enums by name (their values are the domain's strings), the rest as is. */
function external(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return external(value, type.ofType);
  if (isListType(type)) return Array.isArray(value) ? value.map((item) => external(item, type.ofType)) : external(value, type.ofType);
  if (isEnumType(type)) return type.serialize(value);
  if (!isInputObjectType(type)) return value;
  const fields = type.getFields();
  const sent: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) sent[name] = external(field, fields[name]?.type ?? type);
  return sent;
}

/**
 * graphql-jit coerces variables with its own code, which refuses an input object that leaves out a field with
 * a default (`CreateMatchInput.kind: MatchKind! = REGULAR`). Operations whose variables are all scalars or
 * enums (ids, page sizes, @include flags: every subscription's) get them as sent. The others get them coerced
 * by graphql-js (defaults filled in, the same errors as graphql-js) and written back as a client would send
 * them (enums by name), which graphql-jit then coerces again to the same values — when every type under them
 * is a built-in scalar or an enum; an operation with a custom scalar in an input object runs on graphql-js.
 */
function variablePlan({ schema, document, operationName }: ExecutionArgs): VariablePlan | null {
  const operation = getOperationAST(document, operationName);
  const types = (operation?.variableDefinitions ?? []).map((definition) => typeFromAST(schema, definition.type));
  if (types.every((type) => type && isLeafType(getNamedType(type)))) return 'raw';
  return types.every((type) => type && isInputType(type) && recoercible(type, new Set())) ? 'coerced' : null;
}

/** A compilable operation's definition and its variables' types (compilation is refused before an unknown type). */
function variablesAST({ schema, document, operationName }: ExecutionArgs, variables: VariablePlan): Pick<Plan, 'operation' | 'inputs' | 'coerce'> {
  const operation = getOperationAST(document, operationName) as OperationDefinitionNode;
  const inputs = (operation.variableDefinitions ?? []).map((definition) => ({ name: definition.variable.name.value, type: typeFromAST(schema, definition.type) as GraphQLInputType }));
  return { operation, inputs, coerce: variables === 'coerced' ? compileVariables(schema, operation) : null };
}

/**
 * Operations over websockets and HTTP executed by compiled functions (graphql-jit, ADRs 0018 and 0021).
 *
 * graphql-js executes every operation, and every push of a subscription, from scratch: it coerces the
 * variables again, builds a resolve info per field and walks the selection set, which costs more main-thread
 * time than building the view itself. Here an operation is compiled once per (document, operation name) into
 * plain JavaScript that reads the views' fields directly and calls the same resolvers (Nest's, with their
 * guards and pipes). A subscription itself is still set up by graphql-js (`createSourceEventStream`: the
 * field's arguments, its resolver, the error of an unknown match); graphql-jit's own `subscribe` would pass
 * the operation's variables as the field's arguments. The documents are the ones the admission (admission.ts) parsed,
 * validated, weighed and rate-limited; an operation graphql-jit cannot compile, or whose variables it would
 * coerce differently (above), runs on graphql-js.
 */
export function compiledExecution(): CompiledExecution {
  // By document: the admission keeps a bounded cache of parsed documents, and a compiled function lives as long
  // as its document (a cached one, or one a running subscription still holds).
  const compiled = new WeakMap<DocumentNode, Map<string, Plan | null>>();

  function compiledFor(args: ExecutionArgs): Plan | null {
    let byName = compiled.get(args.document);
    if (!byName) compiled.set(args.document, (byName = new Map()));
    const name = args.operationName ?? '';
    if (byName.has(name)) return byName.get(name) ?? null;
    const variables = variablePlan(args);
    const query = variables ? compileQuery(args.schema, args.document, args.operationName ?? undefined) : null;
    const usable = variables && query && isCompiledQuery(query) ? { query: query as Compiled, variables, ...variablesAST(args, variables) } : null;
    byName.set(name, usable);
    return usable;
  }

  /**
   * The variables to hand graphql-jit, or graphql-js's refusal of them (the same errors execute returns). The
   * admission coerced them already, with the same compiled functions: coercing again costs ~1 µs, less than
   * handing its values over (a WeakMap entry per request showed at ~1 % of the main thread).
   */
  function variablesOf(plan: Plan, args: ExecutionArgs): Record<string, unknown> | ExecutionResult {
    const raw = (args.variableValues ?? {}) as Record<string, unknown>;
    if (plan.variables === 'raw') return raw;
    let values = plan.coerce?.(raw);
    if (!values) {
      const coerced = getVariableValues(args.schema, plan.operation.variableDefinitions ?? [], raw, { maxErrors: 50 });
      if (coerced.errors) return { errors: coerced.errors };
      values = coerced.coerced;
    }
    const sent: Record<string, unknown> = {};
    for (const { name, type } of plan.inputs) if (name in values) sent[name] = external(values[name], type);
    return sent;
  }

  return {
    compiles: (args) => compiledFor(args) !== null,
    execute: (args) => {
      const plan = compiledFor(args);
      if (!plan) return execute(args);
      const variables = variablesOf(plan, args);
      if (isRefusal(variables)) return variables;
      return plan.query.query(args.rootValue, args.contextValue, variables) as
        ExecutionResult | Promise<ExecutionResult>;
    },
    subscribe: async (args) => {
      const plan = compiledFor(args);
      if (!plan) return subscribe(args);
      const variables = variablesOf(plan, args);
      if (isRefusal(variables)) return variables;
      const stream = await createSourceEventStream(args);
      if (!(Symbol.asyncIterator in stream)) return stream;
      return mapAsyncIterator(
        stream,
        (payload: unknown) =>
          plan.query.query(payload, args.contextValue, variables) as
            ExecutionResult | Promise<ExecutionResult>,
      );
    },
  };
}
