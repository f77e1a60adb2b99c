import { type DocumentNode, GraphQLError, type GraphQLSchema, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import type { Context as WsContext, SubscribeMessage } from 'graphql-ws';
import type { Principal } from '@liars-dice/server-auth';
import { callerKey, type RateLimiter } from './rate-limit';

/** How many distinct operation texts keep their parsed document (clients send the same few again and again). */
const PARSED_LIMIT = 500;

interface SocketExtra {
  principal?: Principal | null;
  request?: { socket?: { remoteAddress?: string } };
}

/**
 * What graphql-ws needs to treat a websocket operation as the HTTP route does: the same validation rules
 * (depth and field limits; graphql-ws alone checks only the specification's), the same per-caller rate
 * limit, and each operation text parsed and validated once rather than at every subscribe.
 */
export function wsOperations(rules: readonly ValidationRule[], limiter: RateLimiter) {
  const parsed = new Map<string, DocumentNode>();
  const verdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const allRules = [...specifiedRules, ...rules];
  return {
    parse(source: string): DocumentNode {
      let document = parsed.get(source);
      if (!document) {
        document = parse(source);
        if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
        parsed.set(source, document);
      }
      return document;
    },
    validate(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
      let errors = verdicts.get(document);
      if (!errors) verdicts.set(document, (errors = validate(schema, document, allRules)));
      return [...errors];
    },
    /** Returning errors refuses the operation; returning nothing lets graphql-ws go on (parse, validate, run). */
    onSubscribe(ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>, _id: string, _payload: SubscribeMessage['payload']): GraphQLError[] | void {
      if (!limiter.take(callerKey(ctx.extra.principal, ctx.extra.request?.socket?.remoteAddress), Date.now())) return [new GraphQLError('too many requests: slow down', { extensions: { code: 'RATE_LIMITED' } })];
    },
  };
}
