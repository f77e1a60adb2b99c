import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import type { Context as WsContext, SubscribeMessage } from 'graphql-ws';
import { type Authenticator, type Principal, type RequestContext } from '@liars-dice/server-auth';
import { Refusal } from '@liars-dice/server-platform';
import { costError } from './limits';
import { callerKey, type RateLimiter } from './rate-limit';

/** How many distinct operation texts keep their parsed document (clients send the same few again and again). */
const PARSED_LIMIT = 500;

interface SocketExtra {
  request?: { socket?: { remoteAddress?: string } };
}

export interface WsOperationSettings {
  readonly rules: readonly ValidationRule[];
  readonly limiter: RateLimiter;
  readonly authenticator: Authenticator;
  /** The executable schema, once Nest has built it. */
  readonly schema: () => GraphQLSchema;
  readonly maxCost: number;
  readonly maxTokens: number;
}

const clientError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

/**
 * Every websocket operation goes through the HTTP route's steps, in its order, before graphql-ws runs it:
 * the caller's token (checked per operation, so an expired token or a revoked role stops at the next one),
 * parsing with the token limit, the validation rules (depth, aliases, directives, mutations; graphql-ws alone
 * checks only the specification's), variables, the cost with those variables, then the per-caller rate limit
 * (a refused operation takes nothing from it).
 * Each operation text is parsed and validated once. Refusals carry the HTTP route's codes.
 */
export function wsOperations(settings: WsOperationSettings) {
  const parsed = new Map<string, DocumentNode>();
  const verdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const allRules = [...specifiedRules, ...settings.rules];

  function documentOf(source: string): DocumentNode | GraphQLError {
    let document = parsed.get(source);
    if (document) return document;
    try {
      document = parse(source, { maxTokens: settings.maxTokens });
    } catch (error) {
      return clientError(error instanceof Error ? error.message : String(error), 'GRAPHQL_PARSE_FAILED');
    }
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(source, document);
    return document;
  }

  function validated(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
    let errors = verdicts.get(document);
    if (!errors) {
      errors = validate(schema, document, allRules).map((e) => (e.extensions['code'] ? e : new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })));
      verdicts.set(document, errors);
    }
    return errors;
  }

  async function principalOf(ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>): Promise<Principal | null | GraphQLError> {
    try {
      return await settings.authenticator.fromAuthorization(ctx.connectionParams?.['authorization']);
    } catch (error) {
      if (error instanceof Refusal) return clientError(error.message, error.code);
      throw error;
    }
  }

  /** Parse, validate, coerce the variables, weigh: the execution arguments, or why not. */
  function admit(payload: SubscribeMessage['payload']) {
    const document = documentOf(payload.query);
    if (document instanceof GraphQLError) return [document];
    const schema = settings.schema();
    const invalid = validated(schema, document);
    if (invalid.length > 0) return [...invalid];
    const operation = getOperationAST(document, payload.operationName ?? undefined);
    if (!operation) return [clientError('no operation of that name in the document', 'OPERATION_RESOLUTION_FAILURE')];
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {});
    if (coerced.errors) return coerced.errors.map((e) => clientError(e.message, 'BAD_USER_INPUT'));
    const tooCostly = costError({ schema, document, operationName: payload.operationName, variables: payload.variables }, settings.maxCost);
    if (tooCostly) return [tooCostly];
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables ?? {} };
  }

  return {
    /** Every socket is accepted: a bad token is refused per operation, with UNAUTHENTICATED as over HTTP. */
    onConnect: () => true,
    async onSubscribe(ctx: WsContext<Record<string, unknown> | undefined, SocketExtra>, _id: string, payload: SubscribeMessage['payload']) {
      const principal = await principalOf(ctx);
      if (principal instanceof GraphQLError) return [principal];
      const admitted = admit(payload);
      if (Array.isArray(admitted)) return admitted;
      const ip = ctx.extra.request?.socket?.remoteAddress;
      if (!settings.limiter.take(callerKey(principal, ip), Date.now())) return [clientError('too many requests: slow down', 'RATE_LIMITED')];
      const contextValue: RequestContext & { ip?: string } = { principal, ip };
      return { ...admitted, contextValue };
    },
  };
}
