import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type DocumentNode,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  isNonNullType,
  isScalarType,
  Kind,
  type ValidationContext,
  type ValidationRule,
  visit,
} from 'graphql';
import { type ComplexityEstimator, fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** Every limit an operation meets before it runs (docs/operations.md; ADR 0010 says where each comes from). */
export interface OperationLimits {
  readonly maxDepth: number;
  /** Introspection (development only) gets its own depth: GraphiQL's own query is 13 deep. */
  readonly maxIntrospectionDepth: number;
  readonly maxCost: number;
  readonly maxAliases: number;
  readonly maxDirectives: number;
  readonly maxTokens: number;
  readonly maxMutations: number;
  readonly maxResponseBytes: number;
}

/** Arguments that say how many items a list field returns: its cost is that many times its children's. */
const PAGE_SIZE_ARGUMENTS = ['first', 'count', 'last', 'limit'];

/**
 * A list field paged by `first`/`count` costs one plus its page size times what is selected under it, the
 * page size as asked (or the argument's default): `matchReplay(count: 1000) { steps { state } }` weighs
 * a thousand states, not one.
 */
const pageSizeEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  for (const name of PAGE_SIZE_ARGUMENTS) {
    const declared = field.args.find((arg) => arg.name === name);
    if (!declared) continue;
    const type = isNonNullType(declared.type) ? declared.type.ofType : declared.type;
    if (!isScalarType(type) || type.name !== 'Int') continue;
    const size = typeof args[name] === 'number' ? (args[name] as number) : Number(declared.defaultValue ?? 1);
    return 1 + Math.max(1, size) * Math.max(1, childComplexity);
  }
  return undefined;
};

/** Explicit costs first (`complexity` on a field: verifyMatch, replay states), then page sizes, then 1 a field. */
const ESTIMATORS = [fieldExtensionsEstimator(), pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })];

function refuse(code: string) {
  return (context: ValidationContext | null, error: GraphQLError): void => {
    context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code } }));
  };
}

/** At most `max` top-level mutation fields (aliases included): each command is one request, one rate-limit token. */
function maxMutationsRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const fields = node.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length;
      const spread = node.selectionSet.selections.some((s) => s.kind !== Kind.FIELD);
      if (fields > max || (spread && fields + 1 > max)) {
        const message = `a request carries at most ${max} mutation${max === 1 ? '' : 's'}; send each command on its own`;
        context.reportError(new GraphQLError(message, { nodes: [node], extensions: { code: 'TOO_MANY_MUTATIONS' } }));
      }
    },
  });
}

/** Validation rules on top of the specification's, the same over HTTP and websockets. */
export function limitRules(limits: OperationLimits): ValidationRule[] {
  const depth = { flattenFragments: true, exposeLimits: true, propagateOnRejection: false, onReject: [refuse('QUERY_TOO_DEEP')] };
  return [
    maxDepthRule({ ...depth, n: limits.maxDepth, ignoreIntrospection: true }),
    // The same count with introspection included: a 200-deep `__schema { types { fields { type { ofType …` is refused too.
    maxDepthRule({ ...depth, n: Math.max(limits.maxDepth, limits.maxIntrospectionDepth), ignoreIntrospection: false }),
    maxAliasesRule({ n: limits.maxAliases, exposeLimits: true, propagateOnRejection: false, onReject: [refuse('TOO_MANY_ALIASES')] }),
    maxDirectivesRule({ n: limits.maxDirectives, exposeLimits: true, propagateOnRejection: false, onReject: [refuse('TOO_MANY_DIRECTIVES')] }),
    maxMutationsRule(limits.maxMutations),
  ];
}

/**
 * The operation's cost with its variables (a page size is often one): refused over the limit before it runs.
 * Returns the error to report, or null.
 */
export interface CostedOperation {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

export function costError(operation: CostedOperation, maxCost: number): GraphQLError | null {
  const { document, operationName } = operation;
  if (!getOperationAST(document, operationName ?? undefined)) return null;
  const cacheable = !variablesWeigh(document) && !operationName;
  const cost = (cacheable ? costs.get(document) : undefined) ?? computeCost(operation);
  if (cost instanceof GraphQLError) return cost;
  if (cacheable) costs.set(document, cost);
  if (cost <= maxCost) return null;
  return new GraphQLError(`the operation costs ${cost}, over the limit of ${maxCost} (list fields count once per item asked for)`, { extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost } });
}

function computeCost({ schema, document, operationName, variables }: CostedOperation): number | GraphQLError {
  try {
    return getComplexity({ schema, query: document, operationName: operationName ?? undefined, variables: variables ?? {}, estimators: ESTIMATORS });
  } catch (error) {
    // Bad variables are reported by execution with the argument's name; a runaway document is refused here.
    if (error instanceof GraphQLError && /nodes|complexity/i.test(error.message)) return new GraphQLError(error.message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });
    return 0;
  }
}

/**
 * The cost of a document whose page sizes and @skip/@include are literals does not depend on its variables:
 * it is computed once per document (Apollo and the websocket route reuse the parsed document of a text), so
 * the common commands (a bid with its variables) pay nothing per request.
 */
const costs = new WeakMap<DocumentNode, number>();
const weighing = new WeakMap<DocumentNode, boolean>();

function variablesWeigh(document: DocumentNode): boolean {
  let known = weighing.get(document);
  if (known === undefined) {
    known = false;
    visit(document, {
      Argument(node) {
        if (node.value.kind === Kind.VARIABLE && PAGE_SIZE_ARGUMENTS.includes(node.name.value)) known = true;
      },
      Directive(node) {
        if ((node.arguments ?? []).some((arg) => arg.value.kind === Kind.VARIABLE)) known = true;
      },
    });
    weighing.set(document, known);
  }
  return known;
}

/** RESPONSE_TOO_LARGE, already formatted: the same over HTTP (either route) and websockets. */
export function tooLarge(bytes: number, max: number) {
  return { message: `the response would be ${bytes} bytes, over the limit of ${max}: ask for fewer items`, extensions: { code: 'RESPONSE_TOO_LARGE' } };
}
