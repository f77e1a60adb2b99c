import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from './principal';

/**
 * The GraphQL context the app builds: HTTP requests carry `req`, websocket operations the connection's
 * `principal`, checked once when the socket connected.
 */
export interface RequestContext {
  readonly req?: { readonly headers: Record<string, string | string[] | undefined> };
  principal?: Principal | null;
  resolvePrincipal?: () => Principal | null;
}

export function principalOf(context: RequestContext): Principal | null {
  if (context.principal === undefined) context.principal = context.resolvePrincipal ? context.resolvePrincipal() : null;
  return context.principal;
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
