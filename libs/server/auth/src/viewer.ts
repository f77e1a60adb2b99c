import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from './principal';

/**
 * The GraphQL context the app builds: the caller, authenticated before the operation runs (per HTTP request,
 * per websocket operation), null for a spectator.
 */
export interface RequestContext {
  readonly req?: { readonly headers: Record<string, string | string[] | undefined> };
  readonly principal?: Principal | null;
  /** The client's address (the edge's reading of it, ADR 0049): whose registrations are throttled. */
  readonly ip?: string;
}

export function principalOf(context: RequestContext): Principal | null {
  return context.principal ?? null;
}

/** The caller, or null for an anonymous spectator. A bad token is refused, never downgraded. */
export const Viewer = createParamDecorator((_: unknown, execution: ExecutionContext): Principal | null =>
  principalOf(GqlExecutionContext.create(execution).getContext<RequestContext>()),
);

/** The caller, who must be signed in. */
export const Player = createParamDecorator((_: unknown, execution: ExecutionContext): Principal => {
  const principal = principalOf(GqlExecutionContext.create(execution).getContext<RequestContext>());
  if (!principal) throw new Refusal('UNAUTHENTICATED', 'sign in first: send "Authorization: Bearer <token>"');
  return principal;
});
