import {
  createSourceEventStream,
  type DocumentNode,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  isLeafType,
  Kind,
  subscribe,
  type TypeNode,
} from 'graphql';
import { mapAsyncIterator } from 'graphql/execution/mapAsyncIterator';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

type Compiled = CompiledQuery<unknown, Record<string, unknown>>;

export interface CompiledExecution {
  /** graphql-ws's `execute`: queries and mutations sent over a websocket. */
  readonly execute: typeof execute;
  /** graphql-ws's `subscribe`: the subscription set up by graphql-js, each push run compiled. */
  readonly subscribe: typeof subscribe;
}

/**
 * graphql-jit coerces variables with its own code, which refuses an input object that leaves out a field with
 * a default (`CreateMatchInput.kind: MatchKind! = REGULAR`). Operations whose variables are all scalars or
 * enums (ids, page sizes, @include flags: every subscription's) are compiled; the others run on graphql-js.
 */
function scalarVariablesOnly({ schema, document, operationName }: ExecutionArgs): boolean {
  const operation = getOperationAST(document, operationName);
  return (operation?.variableDefinitions ?? []).every((definition) => {
    let node: TypeNode = definition.type;
    while (node.kind !== Kind.NAMED_TYPE) node = node.type;
    return isLeafType(schema.getType(node.name.value));
  });
}

/**
 * Websocket operations executed by compiled functions (graphql-jit, ADR 0018).
 *
 * graphql-js executes every operation, and every push of a subscription, from scratch: it coerces the
 * variables again, builds a resolve info per field and walks the selection set, which costs more main-thread
 * time than building the view itself. Here an operation is compiled once per (document, operation name) into
 * plain JavaScript that reads the views' fields directly and calls the same resolvers (Nest's, with their
 * guards and pipes). A subscription itself is still set up by graphql-js (`createSourceEventStream`: the
 * field's arguments, its resolver, the error of an unknown match); graphql-jit's own `subscribe` would pass
 * the operation's variables as the field's arguments. The documents are the ones ws-operations parsed,
 * validated, weighed and rate-limited; an operation graphql-jit cannot compile, or whose variables it would
 * coerce differently (above), runs on graphql-js.
 */
export function compiledExecution(): CompiledExecution {
  // By document: ws-operations keeps a bounded cache of parsed documents, and a compiled function lives as long
  // as its document (a cached one, or one a running subscription still holds).
  const compiled = new WeakMap<DocumentNode, Map<string, Compiled | null>>();

  function compiledFor(args: ExecutionArgs): Compiled | null {
    let byName = compiled.get(args.document);
    if (!byName) compiled.set(args.document, (byName = new Map()));
    const name = args.operationName ?? '';
    if (byName.has(name)) return byName.get(name) ?? null;
    const query = scalarVariablesOnly(args)
      ? compileQuery(args.schema, args.document, args.operationName ?? undefined)
      : null;
    const usable = query && isCompiledQuery(query) ? (query as Compiled) : null;
    byName.set(name, usable);
    return usable;
  }

  const variablesOf = (args: ExecutionArgs) => (args.variableValues ?? {}) as Record<string, unknown>;

  return {
    execute: (args) => {
      const query = compiledFor(args);
      if (!query) return execute(args);
      return query.query(args.rootValue, args.contextValue, variablesOf(args)) as
        ExecutionResult | Promise<ExecutionResult>;
    },
    subscribe: async (args) => {
      const query = compiledFor(args);
      if (!query) return subscribe(args);
      const stream = await createSourceEventStream(args);
      if (!(Symbol.asyncIterator in stream)) return stream;
      return mapAsyncIterator(
        stream,
        (payload: unknown) =>
          query.query(payload, args.contextValue, variablesOf(args)) as
            ExecutionResult | Promise<ExecutionResult>,
      );
    },
  };
}
