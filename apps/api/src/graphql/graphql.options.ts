import type { ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginUsageReportingDisabled } from '@apollo/server/plugin/disabled';
import type { Logger } from 'pino';
import type { Context as WsContext } from 'graphql-ws';
import { type Principal, type RequestContext, TokenService } from '@liars-dice/server-auth';
import type { ApiConfig } from '../config';
import { errorFormatter } from './errors';
import { costLimits } from './limits';
import { RateLimiter, rateLimitPlugin } from './rate-limit';
import { wsOperations } from './ws-operations';

interface HttpRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly ip?: string;
}

interface SocketExtra {
  principal?: Principal | null;
}

export type HttpContext = RequestContext & { ip?: string };

/** The context of a GraphQL request over HTTP: the token is verified only when a resolver asks who calls. */
export function httpContext(tokens: TokenService): (args: { req: HttpRequest }) => HttpContext {
  return ({ req }) => ({ req, ip: req.ip, resolvePrincipal: () => tokens.fromAuthorization(req.headers['authorization']) });
}

/** Apollo + graphql-ws options: auth context, limits, error mapping, production switches. */
export function graphqlOptions(config: ApiConfig, tokens: TokenService, logger: Logger): ApolloDriverConfig {
  const production = config.settings.production;
  const limits = [costLimits(config.env.MAX_QUERY_DEPTH, config.env.MAX_QUERY_COMPLEXITY)];
  const limiter = new RateLimiter(config.env.RATE_LIMIT_PER_MINUTE);
  return {
    autoSchemaFile: true,
    sortSchema: true,
    path: '/graphql',
    introspection: !production,
    playground: false,
    graphiql: !production,
    includeStacktraceInErrorResponses: false,
    formatError: errorFormatter(logger),
    validationRules: limits,
    // Cache hints are never used (every view is per caller); the default plugin would hook every field.
    plugins: [rateLimitPlugin(limiter), ApolloServerPluginCacheControlDisabled(), ApolloServerPluginUsageReportingDisabled()],
    context: httpContext(tokens),
    subscriptions: {
      'graphql-ws': {
        path: '/graphql',
        ...wsOperations(limits, limiter),
        // The token is checked once, when the socket opens: a bad one closes it (4403) before any data flows.
        onConnect: (ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>) => {
          try {
            ctx.extra.principal = tokens.fromAuthorization(ctx.connectionParams?.['authorization']);
            return true;
          } catch {
            return false;
          }
        },
        context: (ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>): RequestContext => ({ principal: ctx.extra.principal ?? null }),
      },
    },
  } as ApolloDriverConfig;
}
