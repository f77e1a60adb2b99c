import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { ApolloServerPlugin } from '@apollo/server';
import type { ServerOptions } from 'graphql-ws';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginUsageReportingDisabled } from '@apollo/server/plugin/disabled';
import { type DocumentNode, type ExecutionArgs, getOperationAST, GraphQLError, type GraphQLSchema, lexicographicSortSchema, NoSchemaIntrospectionCustomRule } from 'graphql';
import type { Logger } from 'pino';
import { type Authenticator, type Principal, type RequestContext } from '@liars-dice/server-auth';
import { Refusal } from '@liars-dice/server-platform';
import type { ApiConfig } from '../config';
import { compiledExecution } from './compiled-execution';
import { errorFormatter, formatResult } from './errors';
import { inlinePlainFields } from './plain-fields';
import { checkIdArguments } from './id-arguments';
import { costError, limitRules, type OperationLimits, tooLarge } from './limits';
import { type Admission, RateLimiter, rateLimitPlugin } from './rate-limit';
import { operationAdmission } from './admission';
import { compiledHttp } from './compiled-http';
import { wsOperations } from './ws-operations';

interface HttpRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly ip?: string;
}

export type HttpContext = RequestContext & { ip?: string };

/**
 * The context of a GraphQL request over HTTP: the caller, authenticated before anything runs. A bad token
 * (forged, expired, without expiry, for an account that is gone) fails the request with HTTP 401 and
 * UNAUTHENTICATED, as the websocket route refuses each of its operations.
 */
export function httpContext(authenticator: Authenticator): (args: { req: HttpRequest }) => Promise<HttpContext> {
  return async ({ req }) => {
    let principal: Principal | null;
    try {
      principal = await authenticator.fromAuthorization(req.headers['authorization']);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      throw new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: new Map([['www-authenticate', 'Bearer']]) } } });
    }
    return { req, ip: req.ip, principal };
  };
}

export function operationLimits(env: ApiConfig['env']): OperationLimits {
  return {
    maxDepth: env.MAX_QUERY_DEPTH,
    maxIntrospectionDepth: env.MAX_INTROSPECTION_DEPTH,
    maxCost: env.MAX_QUERY_COMPLEXITY,
    maxAliases: env.MAX_ALIASES,
    maxDirectives: env.MAX_DIRECTIVES,
    maxTokens: env.MAX_QUERY_TOKENS,
    maxMutations: env.MAX_MUTATIONS_PER_REQUEST,
    maxResponseBytes: env.MAX_RESPONSE_BYTES,
  };
}

/** Refuses an operation over the cost limit, with its variables (validation rules never see them). */
function costAdmission(limits: OperationLimits): Admission {
  return (operation) => {
    const error = costError(operation, limits.maxCost);
    if (error) throw new GraphQLError(error.message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });
  };
}

/**
 * A query's answer over the size cap is replaced by RESPONSE_TOO_LARGE. Mutations and subscription pushes
 * answer one view, which the cost limit already bounds, so they are not serialised twice.
 */
function responseSizePlugin(limits: OperationLimits): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, operation }) {
          if (response.body.kind !== 'single' || operation?.operation !== 'query') return;
          const bytes = Buffer.byteLength(JSON.stringify(response.body.singleResult));
          if (bytes > limits.maxResponseBytes) response.body.singleResult = { errors: [tooLarge(bytes, limits.maxResponseBytes)] };
        },
      };
    },
  };
}

/**
 * A subscription sent over HTTP (POST or GET) is refused as the client's mistake: subscriptions are served
 * over websockets only (graphql-ws at the same path). Without this, graphql-js executes it as a query and the
 * non-null root field fails as an internal error, logged with a stack.
 */
function httpSubscriptionPlugin(): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          const message = 'subscriptions are served over websockets (the graphql-transport-ws protocol at this path), not over HTTP';
          throw new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
        },
      };
    },
  };
}

/** Whether an operation is a query, remembered per document: onNext asks it for every push. */
function queryCheck(): (args: ExecutionArgs) => boolean {
  const known = new WeakMap<DocumentNode, Map<string, boolean>>();
  return ({ document, operationName }) => {
    let byName = known.get(document);
    if (!byName) known.set(document, (byName = new Map()));
    let query = byName.get(operationName ?? '');
    if (query === undefined) byName.set(operationName ?? '', (query = getOperationAST(document, operationName)?.operation === 'query'));
    return query;
  };
}

/** The route for plain JSON POSTs made with each options object (server.ts puts it in front of Express). */
const directRoutes = new WeakMap<object, ReturnType<typeof compiledHttp>>();

export function compiledHttpFor(options: object): ReturnType<typeof compiledHttp> | undefined {
  return directRoutes.get(options);
}

/** graphql-ws's server options (without the schema) made with each options object: edge/edge-bridge.ts serves them. */
export type WsServerOptions = Omit<ServerOptions, 'schema'>;
const socketRoutes = new WeakMap<object, WsServerOptions>();

export function socketOptionsFor(options: object): WsServerOptions | undefined {
  return socketRoutes.get(options);
}

/** Apollo options: auth context, limits, error mapping, production switches; the compiled HTTP route and graphql-ws's options. */
export function graphqlOptions(config: ApiConfig, authenticator: Authenticator, logger: Logger): ApolloDriverConfig {
  const production = config.settings.production;
  const limits = operationLimits(config.env);
  const rules = limitRules(limits);
  const limiter = new RateLimiter(config.env.RATE_LIMIT_PER_MINUTE);
  const format = errorFormatter(logger);
  let executable: GraphQLSchema | null = null;
  const isQuery = queryCheck();
  // Apollo refuses introspection itself in production (`introspection`); the shared admission needs the rule.
  const admissionRules = production ? [...rules, NoSchemaIntrospectionCustomRule] : rules;
  const execution = compiledExecution();
  const admission = operationAdmission({ rules: admissionRules, limiter, maxCost: limits.maxCost, maxTokens: limits.maxTokens, schema: () => executable as GraphQLSchema });
  const ws = wsOperations({ admission, authenticator, maxOperations: config.env.MAX_SOCKET_OPERATIONS });
  const context = httpContext(authenticator);
  const options = {
    autoSchemaFile: true,
    sortSchema: true,
    path: '/graphql',
    introspection: !production,
    playground: false,
    graphiql: !production,
    includeStacktraceInErrorResponses: false,
    formatError: format,
    validationRules: rules,
    parseOptions: { maxTokens: limits.maxTokens },
    // Sorted here as Nest sorts Apollo's copy afterwards: the same field order (coerced inputs, their errors) on every route.
    // The compiled routes run on their own copy, whose plain fields are read without Nest's resolvers (plain-fields.ts).
    transformSchema: (schema: GraphQLSchema) => {
      const sorted = lexicographicSortSchema(checkIdArguments(schema));
      executable = inlinePlainFields(lexicographicSortSchema(sorted));
      return sorted;
    },
    // Cache hints are never used (every view is per caller); the default plugin would hook every field.
    plugins: [httpSubscriptionPlugin(), rateLimitPlugin(limiter, costAdmission(limits)), responseSizePlugin(limits), ApolloServerPluginCacheControlDisabled(), ApolloServerPluginUsageReportingDisabled()],
    context,
  } as ApolloDriverConfig;
  // Websockets are served by the edge thread and graphql-ws's transport-neutral server on this thread (edge/, ADR 0036),
  // not by Nest's: the same options Nest's server was given.
  const sockets: WsServerOptions = {
    ...ws,
    execute: execution.execute,
    subscribe: execution.subscribe,
    // graphql-ws answers without Apollo: its results and refusals get the same error shape here.
    onNext: (...[, , , args, result]: [unknown, string, unknown, ExecutionArgs, { errors?: readonly GraphQLError[] }]) => {
      const formatted = formatResult(format, result);
      // Queries only, as over HTTP: a subscription pushes one view per change, bounded like a mutation's.
      if (!isQuery(args)) return formatted;
      const bytes = Buffer.byteLength(JSON.stringify(formatted));
      return bytes > limits.maxResponseBytes ? { errors: [tooLarge(bytes, limits.maxResponseBytes)] } : formatted;
    },
    onError: (_ctx: unknown, _id: string, _payload: unknown, errors: readonly GraphQLError[]) => formatResult(format, { errors }).errors,
  } as unknown as WsServerOptions;
  socketRoutes.set(options, sockets);
  directRoutes.set(options, compiledHttp({ admission, execution, context, format, maxResponseBytes: limits.maxResponseBytes }));
  return options;
}
