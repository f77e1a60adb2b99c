import type { ApolloServerPlugin } from '@apollo/server';
import { type DocumentNode, GraphQLError, type GraphQLSchema } from 'graphql';
import { principalOf, type RequestContext } from '@liars-dice/server-auth';

interface Bucket {
  tokens: number;
  updated: number;
}

/** Token buckets per caller (the token's account, else the client address): `perMinute` requests, refilled smoothly. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly perMinute: number) {}

  take(key: string, now: number): boolean {
    if (this.perMinute === 0) return true;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, updated: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((now - bucket.updated) * this.perMinute) / 60_000);
    bucket.updated = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.buckets.clear();
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/** Whose bucket a request takes from: the signed-in account, else the client's address (HTTP and websockets alike). */
export function callerKey(principal: { readonly id: string } | null | undefined, address: string | undefined): string {
  return principal ? `account:${principal.id}` : `ip:${address ?? 'unknown'}`;
}

/** What must hold before a request takes from its caller's bucket (the cost limit): refused requests cost nothing. */
export type Admission = (request: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null; variables?: Record<string, unknown> | null }) => void;

export function rateLimitPlugin(limiter: RateLimiter, admit: Admission = () => undefined): ApolloServerPlugin<RequestContext & { ip?: string }> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, schema, document, request }) {
          admit({ schema, document, operationName: request.operationName, variables: request.variables });
          if (!limiter.take(callerKey(principalOf(contextValue), contextValue.ip), Date.now())) {
            throw new GraphQLError('too many requests: slow down', { extensions: { code: 'RATE_LIMITED', http: { status: 429 } } });
          }
        },
      };
    },
  };
}
