import { Module } from '@nestjs/common';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginUsageReportingDisabled } from '@apollo/server/plugin/disabled';
import type { IncomingMessage } from 'node:http';
import { type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import type { Logger } from 'pino';
import { AuthModule, Authenticator } from '@liars-dice/server-auth';
import type { ApiConfig } from '../config';
import { API_CONFIG, LOGGER } from '../tokens';
import { httpContext, requestRulesPlugin } from './apollo-rules';
import { checkIdArguments } from './id-arguments';
import { RequestRules } from './request-rules';

/** The request rules, one instance for Apollo (graphqlOptions) and the websockets (server.ts). */
@Module({
  imports: [AuthModule],
  providers: [{ provide: RequestRules, inject: [API_CONFIG, Authenticator, LOGGER], useFactory: (config: ApiConfig, authenticator: Authenticator, logger: Logger) => RequestRules.fromConfig(config, authenticator, logger) }],
  exports: [RequestRules],
})
export class RequestRulesModule {}

/**
 * Apollo's options (through @nestjs/apollo): the request rules as its context, plugin, validation rules, parse options,
 * error format and document store; the trusted documents as its persisted queries (read only). No landing page: GET
 * /graphql from a browser gets the API's own short page (server.ts); GraphiQL is the console's.
 */
export function graphqlOptions(rules: RequestRules, addressOf: (req: IncomingMessage) => string | undefined): ApolloDriverConfig {
  return {
    autoSchemaFile: true,
    sortSchema: true,
    path: '/graphql',
    // Refused in production by the rules' own validation rule, on both transports alike.
    introspection: true,
    playground: false,
    graphiql: false,
    includeStacktraceInErrorResponses: false,
    formatError: rules.format,
    validationRules: [...rules.validationRules],
    parseOptions: rules.parseOptions,
    documentStore: rules.documents,
    persistedQueries: { cache: rules.settings.trusted.asPersistedQueries() },
    transformSchema: (schema: GraphQLSchema) => lexicographicSortSchema(checkIdArguments(schema)),
    // Cache hints are never used (every view is per caller); the default plugin would hook every field.
    plugins: [requestRulesPlugin(rules), ApolloServerPluginCacheControlDisabled(), ApolloServerPluginUsageReportingDisabled()],
    context: httpContext(rules, addressOf),
  } as ApolloDriverConfig;
}
