import { GraphQLError } from 'graphql';
import type { Context as WsContext, SubscribeMessage } from 'graphql-ws';
import { type Authenticator, type Principal, type RequestContext } from '@liars-dice/server-auth';
import { Refusal } from '@liars-dice/server-platform';
import { clientError, type OperationAdmission } from './admission';
import { authorizationOf } from './connection-params';
import { type ClosableSocket, closeAtExpiry } from './socket-expiry';

interface SocketExtra {
  request?: { socket?: { remoteAddress?: string } };
  socket?: ClosableSocket;
}

export interface WsOperationSettings {
  readonly admission: OperationAdmission;
  readonly authenticator: Authenticator;
  /** Operations one socket may have running at once (subscriptions stay until completed): each holds memory. */
  readonly maxOperations: number;
}

/**
 * Every websocket operation goes through the HTTP route's steps, in its order, before graphql-ws runs it:
 * the caller's token (checked per operation, so an expired token or a revoked role stops at the next one),
 * then the shared admission (admission.ts: parsing with the token limit, the validation rules — graphql-ws
 * alone checks only the specification's —, variables, the cost with those variables, then the per-caller
 * rate limit; a refused operation takes nothing from it). Refusals carry the HTTP route's codes. A socket
 * holds at most `maxOperations` at once (TOO_MANY_OPERATIONS): the rate limit bounds how fast subscriptions
 * are opened, not how many a socket keeps.
 */
export function wsOperations({ admission, authenticator, maxOperations }: WsOperationSettings) {
  async function principalOf(ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>): Promise<Principal | null | GraphQLError> {
    const authorization = authorizationOf(ctx.connectionParams);
    if ('problem' in authorization) return clientError(authorization.problem, 'BAD_REQUEST');
    try {
      return await authenticator.fromAuthorization(authorization.value);
    } catch (error) {
      if (error instanceof Refusal) return clientError(error.message, error.code);
      throw error;
    }
  }

  return {
    /**
     * Every socket is accepted: a bad token is refused per operation, with UNAUTHENTICATED as over HTTP. A
     * good one ends the socket when it expires (close 4401, ADR 0034): its subscriptions stop with it.
     */
    onConnect: (ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>) => {
      const authorization = authorizationOf(ctx.connectionParams);
      if (ctx.extra.socket && 'value' in authorization) closeAtExpiry(ctx.extra.socket, authenticator.expiryOf(authorization.value));
      return true;
    },
    async onSubscribe(ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>, _id: string, payload: SubscribeMessage['payload']) {
      // graphql-ws has registered this operation's id already: more than the cap means one too many.
      if (Object.keys(ctx.subscriptions).length > maxOperations) {
        return [clientError(`at most ${maxOperations} operations at once on one websocket: complete some first`, 'TOO_MANY_OPERATIONS')];
      }
      const principal = await principalOf(ctx);
      if (principal instanceof GraphQLError) return [principal];
      const checked = admission.check(payload);
      if ('refused' in checked) return [...checked.refused];
      if ('unresolved' in checked) return [clientError(unresolvedMessage(payload.operationName), 'OPERATION_RESOLUTION_FAILURE')];
      const ip = ctx.extra.request?.socket?.remoteAddress;
      const limited = admission.take(principal, ip);
      if (limited) return [limited];
      const contextValue: RequestContext & { ip?: string } = { principal, ip };
      const { schema, document, operationName, variableValues } = checked;
      return { schema, document, operationName, variableValues, contextValue };
    },
  };
}

/** Why no operation was chosen, in Apollo's words over HTTP: one message for the same request on both transports. */
function unresolvedMessage(operationName: string | null | undefined): string {
  return operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.';
}
