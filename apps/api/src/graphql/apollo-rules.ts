import type { ApolloServerPlugin } from '@apollo/server';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import type { RequestContext } from '@liars-dice/server-auth';
import type { RequestRules, SentOperation } from './request-rules';

export type HttpContext = RequestContext & { ip?: string };

/** GET carries the operation in the query string, `extensions` as JSON text (Apollo's persisted queries by GET). */
function sentOf(req: FastifyRequest): SentOperation {
  if (req.method !== 'GET') return (req.body ?? {}) as SentOperation;
  const { query, extensions } = req.query as Record<string, unknown>;
  try {
    return { query, extensions: typeof extensions === 'string' ? JSON.parse(extensions) : undefined };
  } catch {
    return { query };
  }
}

/**
 * Apollo's context for a request over HTTP: the request rules' steps before Apollo parses anything (the caller,
 * its turn among its requests in flight, trusted documents, the rate budget); a refusal is the request's answer,
 * with its status (401, 400, 429). The turn ends when the answer has gone (or the connection closed).
 */
export function httpContext(rules: RequestRules, addressOf: (req: IncomingMessage) => string | undefined) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<HttpContext> => {
    const caller = await rules.callerOf(req.headers['authorization'], addressOf(req.raw));
    const release = await rules.enter(caller);
    reply.raw.once('close', release);
    await rules.admit(caller, sentOf(req));
    return { req, ip: caller.address, principal: caller.principal };
  };
}

/**
 * The request rules Apollo's pipeline applies after parsing and validation: a subscription is refused over HTTP
 * (subscriptions are served over websockets at the same path; graphql-js would execute it as a query), an
 * operation over the cost limit is refused before it runs, and a query's answer over the size cap is replaced.
 */
export function requestRulesPlugin(rules: RequestRules): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, schema, document, request }) {
          if (operation?.operation === 'subscription') {
            const message =
              'subscriptions are served over websockets (the graphql-transport-ws protocol at this path), not over HTTP';
            throw new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
          }
          const tooCostly = rules.costError(schema, document, request.operationName, request.variables);
          if (tooCostly) throw tooCostly;
        },
        async willSendResponse({ response, operation }) {
          if (response.body.kind !== 'single' || operation?.operation !== 'query') return;
          response.body.singleResult = rules.sized(response.body.singleResult);
        },
      };
    },
  };
}
