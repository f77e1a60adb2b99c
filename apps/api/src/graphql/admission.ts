import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema, type OperationDefinitionNode, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { LRUCache } from 'lru-cache';
import { costError } from './limits';
import { callerKey, type RateLimiter } from './rate-limit';
import { compileVariables, type CompiledVariables } from './variable-coercion';

/** How many distinct operation texts keep their parsed document (clients send the same few again and again). */
const PARSED_LIMIT = 500;

export interface AdmissionSettings {
  /** Validation rules on top of the specification's (limits, and no introspection in production). */
  readonly rules: readonly ValidationRule[];
  readonly limiter: RateLimiter;
  /** The executable schema, once Nest has built it. */
  readonly schema: () => GraphQLSchema;
  readonly maxCost: number;
  readonly maxTokens: number;
}

/** An operation as a client sends it (a graphql-ws subscribe payload, a JSON POST body). */
export interface OperationRequest {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/** What execution needs, once admitted. */
export interface AdmittedOperation {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly operationName?: string | null;
  readonly variableValues: Record<string, unknown>;
}

/** Refused before it ran: the errors (with the codes of ADR 0010), or no operation of that name (`unresolved`). */
export type Checked = AdmittedOperation | { readonly refused: readonly GraphQLError[] } | { readonly unresolved: true };

export const clientError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

/**
 * The steps every operation meets before it runs, over a websocket and over HTTP alike (ADR 0021): parsing with
 * the token limit, the validation rules, variables, the cost with those variables; then the caller's rate
 * limit, taken only by an operation that passed all of them. Each operation text is parsed and validated once
 * (bounded cache); the refusals carry the same codes, messages and locations as Apollo's (the HTTP route used
 * to run on it, and its tests compare the two).
 */
export function operationAdmission(settings: AdmissionSettings) {
  // Ordered by first parse (`peek` reads without reordering): each text is parsed once while it is kept.
  const parsed = new LRUCache<string, DocumentNode>({ max: PARSED_LIMIT });
  const verdicts = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  /** Each operation's variables compiled once (variable-coercion.ts), for the schema they were compiled on. */
  const variableCoercions = new WeakMap<OperationDefinitionNode, { readonly schema: GraphQLSchema; readonly coerce: CompiledVariables | null }>();
  const allRules = [...specifiedRules, ...settings.rules];

  function documentOf(source: string): DocumentNode | GraphQLError {
    let document = parsed.peek(source);
    if (document) return document;
    try {
      document = parse(source, { maxTokens: settings.maxTokens });
    } catch (error) {
      if (!(error instanceof GraphQLError)) return clientError(String(error), 'GRAPHQL_PARSE_FAILED');
      return new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    }
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

  /**
   * The variables' values: compiled for the values graphql-js accepts (most requests, the same values), and by
   * graphql-js itself for the rest, so that a refusal names the fault exactly as it always did.
   */
  function variableValues(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): ReturnType<typeof getVariableValues> {
    let compiled = variableCoercions.get(operation);
    if (compiled?.schema !== schema) {
      compiled = { schema, coerce: compileVariables(schema, operation) };
      variableCoercions.set(operation, compiled);
    }
    const values = compiled.coerce?.(variables);
    return values ? { coerced: values } : getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  }

  /** Parse, validate, pick the operation, coerce the variables, weigh: the execution arguments, or why not. */
  function check(request: OperationRequest): Checked {
    const document = documentOf(request.query);
    if (document instanceof GraphQLError) return { refused: [document] };
    const schema = settings.schema();
    const invalid = validated(schema, document);
    if (invalid.length > 0) return { refused: invalid };
    const operation = getOperationAST(document, request.operationName ?? undefined);
    if (!operation) return { unresolved: true };
    const variables = request.variables ?? {};
    const coerced = variableValues(schema, operation, variables);
    if (coerced.errors) return { refused: coerced.errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'BAD_USER_INPUT' } })) };
    const tooCostly = costError({ schema, document, operationName: request.operationName, variables }, settings.maxCost);
    if (tooCostly) return { refused: [tooCostly] };
    return { schema, document, operation, operationName: request.operationName, variableValues: variables };
  }

  /** Takes one from the caller's bucket: null, or RATE_LIMITED. */
  function take(principal: { readonly id: string } | null | undefined, ip: string | undefined): GraphQLError | null {
    return settings.limiter.take(callerKey(principal, ip), Date.now()) ? null : clientError('too many requests: slow down', 'RATE_LIMITED');
  }

  return { check, take };
}

export type OperationAdmission = ReturnType<typeof operationAdmission>;
