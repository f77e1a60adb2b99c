import { type ExecutionArgs, type ExecutionResult, execute, getOperationAST, getVariableValues, GraphQLError, type GraphQLSchema, subscribe } from 'graphql';
import type { Context as WsContext, ServerOptions, SubscribeMessage } from 'graphql-ws';
import type { Authenticator, RequestContext } from '@liars-dice/server-auth';
import { authorizationOf } from './connection-params';
import { formatResult } from './errors';
import type { Release } from './in-flight';
import { type Caller, clientError, type RequestRules } from './request-rules';
import { type ClosableSocket, closeAtExpiry } from './socket-expiry';

/** What the transport (socket-server.ts) keeps per socket for these options. */
export interface SocketExtra {
  readonly socket: ClosableSocket;
  /** The client's address (TRUST_PROXY applied). */
  readonly ip: string | undefined;
}

type Ctx = WsContext<Record<string, unknown> | undefined, SocketExtra>;
/** The execution context of a websocket operation: the caller's, and the end of its turn among its requests in flight. */
type SocketContext = RequestContext & { ip?: string; release: Release };

export interface SocketOperationSettings {
  readonly rules: RequestRules;
  readonly authenticator: Authenticator;
  readonly schema: GraphQLSchema;
  /** Operations one socket may have running at once (subscriptions stay until completed): each holds memory. */
  readonly maxOperations: number;
}

/** Why no operation was chosen, in Apollo's words over HTTP: one message for the same request on both transports. */
function unresolvedMessage(operationName: string | null | undefined): string {
  return operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.';
}

/** The refusal (any thrown GraphQLError is one), or the error itself when it is not a client's fault. */
function refusalOf(error: unknown): readonly GraphQLError[] {
  if (error instanceof GraphQLError) return [error];
  throw error;
}

/** Ends the turn once the operation has run (a query, a mutation) or is set up (a subscription). */
function releasing(run: typeof execute): (args: ExecutionArgs) => ReturnType<typeof execute> {
  return async (args) => {
    try {
      return await run(args);
    } finally {
      (args.contextValue as SocketContext).release();
    }
  };
}

/**
 * graphql-ws's options: every websocket operation meets the request rules HTTP requests meet, in their order,
 * before graphql-ws runs it: the caller's token (checked per operation, so an expired token or a revoked role
 * stops at the next one), its turn among its requests in flight, trusted documents and the rate budget before any
 * parsing, the parsed and validated document (the cache Apollo shares), the variables, the cost. Refusals carry
 * the HTTP route's codes and format. A socket holds at most `maxOperations` at once (TOO_MANY_OPERATIONS).
 */
export function socketOperations({ rules, authenticator, schema, maxOperations }: SocketOperationSettings): ServerOptions<Record<string, unknown> | undefined, SocketExtra> {
  async function callerOf(ctx: Ctx): Promise<Caller> {
    const authorization = authorizationOf(ctx.connectionParams);
    if ('problem' in authorization) throw clientError(authorization.problem, 'BAD_REQUEST');
    return rules.callerOf(authorization.value, ctx.extra.ip);
  }

  function argsOf(caller: Caller, payload: SubscribeMessage['payload'], release: Release): ExecutionArgs | readonly GraphQLError[] {
    const text = rules.textOf(payload);
    if (text === null) return [clientError('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND')];
    const document = rules.documentOf(schema, text);
    if (!('kind' in document)) return document;
    const { operationName, variables } = payload;
    if (!getOperationAST(document, operationName)) return [clientError(unresolvedMessage(operationName), 'OPERATION_RESOLUTION_FAILURE')];
    const operation = getOperationAST(document, operationName);
    const coerced = getVariableValues(schema, operation?.variableDefinitions ?? [], variables ?? {});
    if (coerced.errors) return coerced.errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'BAD_USER_INPUT' } }));
    const tooCostly = rules.costError(schema, document, operationName, variables);
    if (tooCostly) return [tooCostly];
    const contextValue: SocketContext = { principal: caller.principal, ip: caller.address, release };
    return { schema, document, operationName, variableValues: variables, contextValue };
  }

  return {
    schema,
    execute: releasing(execute),
    subscribe: releasing(subscribe as typeof execute),
    /**
     * Every socket is accepted: a bad token is refused per operation, with UNAUTHENTICATED as over HTTP. A good one
     * ends the socket when it expires (close 4401, ADR 0034): its subscriptions stop with it.
     */
    onConnect: (ctx) => {
      const authorization = authorizationOf(ctx.connectionParams);
      if ('value' in authorization) closeAtExpiry(ctx.extra.socket, authenticator.expiryOf(authorization.value));
      return true;
    },
    async onSubscribe(ctx, _id, payload) {
      // graphql-ws has registered this operation's id already: more than the cap means one too many.
      if (Object.keys(ctx.subscriptions).length > maxOperations) {
        return [clientError(`at most ${maxOperations} operations at once on one websocket: complete some first`, 'TOO_MANY_OPERATIONS')];
      }
      let release: Release | null = null;
      try {
        const caller = await callerOf(ctx);
        release = await rules.enter(caller);
        await rules.admit(caller, payload);
        const args = argsOf(caller, payload, release);
        if (Array.isArray(args)) release();
        return args;
      } catch (error) {
        release?.();
        return refusalOf(error);
      }
    },
    // graphql-ws answers without Apollo: its results and refusals get the same format here, the same size cap on queries.
    onNext: (...[, , , args, result]: [unknown, unknown, unknown, ExecutionArgs, ExecutionResult]) => {
      const formatted = formatResult(rules.format, result);
      return getOperationAST(args.document, args.operationName)?.operation === 'query' ? rules.sized(formatted) : formatted;
    },
    onError: (_ctx, _id, _payload, errors) => formatResult(rules.format, { errors }).errors,
  } as ServerOptions<Record<string, unknown> | undefined, SocketExtra>;
}
