import { createSourceEventStream, type DocumentNode, type ExecutionArgs, type ExecutionResult, subscribe } from 'graphql';
import { mapAsyncIterator } from 'graphql/execution/mapAsyncIterator';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

type Compiled = CompiledQuery<unknown, Record<string, unknown>>;

/**
 * graphql-ws's `subscribe` with each push executed by a compiled function (graphql-jit, ADR 0018).
 *
 * graphql-js executes every push from scratch: it coerces the operation's variables again, builds a resolve
 * info per field and walks the selection set, which cost more main-thread time than building the view itself.
 * The operation is compiled once per (document, operation name) into plain JavaScript that reads the pushed
 * view's fields directly and calls the same resolvers. The subscription itself is still set up by graphql-js
 * (`createSourceEventStream`: the field's arguments, its resolver, the errors of an unknown match), so only
 * the per-event step changes. The documents are the ones ws-operations parsed, validated and weighed; an
 * operation jit cannot compile is executed by graphql-js as before.
 */
export function compiledSubscribe(): typeof subscribe {
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

  return async (args) => {
    const query = compiledFor(args);
    if (!query) return subscribe(args);
    const stream = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in stream)) return stream;
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    return mapAsyncIterator(stream, (payload: unknown) => query.query(payload, args.contextValue, variables) as ExecutionResult | Promise<ExecutionResult>);
  };
}
