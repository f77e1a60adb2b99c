import {
  createSourceEventStream,
  type DocumentNode,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  subscribe,
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
 * Websocket operations executed by compiled functions (graphql-jit, ADR 0018).
 *
 * graphql-js executes every operation, and every push of a subscription, from scratch: it coerces the
 * variables again, builds a resolve info per field and walks the selection set, which costs more main-thread
 * time than building the view itself. Here an operation is compiled once per (document, operation name) into
 * plain JavaScript that reads the views' fields directly and calls the same resolvers (Nest's, with their
 * guards and pipes). A subscription itself is still set up by graphql-js (`createSourceEventStream`: the
 * field's arguments, its resolver, the error of an unknown match); graphql-jit's own `subscribe` would pass
 * the operation's variables as the field's arguments. The documents are the ones ws-operations parsed,
 * validated, weighed and rate-limited; an operation graphql-jit cannot compile runs on graphql-js.
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
    const query = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    const usable = isCompiledQuery(query) ? (query as Compiled) : null;
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
