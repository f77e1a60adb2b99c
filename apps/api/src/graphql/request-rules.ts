import { type DocumentNode, GraphQLError, type GraphQLSchema, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import type { Logger } from 'pino';
import { type Authenticator, type Principal } from '@liars-dice/server-auth';
import { Refusal } from '@liars-dice/server-platform';
import { type ApiConfig, ConfigError } from '../config';
import { DocumentCache, textHash } from './document-cache';
import { errorFormatter } from './errors';
import { type Release, InFlight } from './in-flight';
import { costError, limitRules, type OperationLimits, tooLarge } from './limits';
import { callerKey, RateLimiter } from './rate-limit';
import { TrustedDocuments } from './trusted-documents';

/** Who sends a request: the account its token names (or nobody), the client's address, and whose budget it takes from. */
export interface Caller {
  readonly principal: Principal | null;
  readonly address: string | undefined;
  readonly key: string;
}

/** An operation as a client sends it, before anything is parsed: a POST body, GET parameters, a websocket payload. */
export interface SentOperation {
  readonly query?: unknown;
  readonly extensions?: unknown;
}

export interface RequestRulesSettings {
  readonly limits: OperationLimits;
  readonly production: boolean;
  readonly authenticator: Authenticator;
  readonly logger: Logger;
  readonly limiter: RateLimiter;
  readonly inFlight: InFlight;
  /** What the first sight of a text (its parsing and validation) takes from the caller's budget; a known one takes 1. */
  readonly firstSightPoints: number;
  /** `trusted`: an anonymous caller may send only the trusted documents (ADR 0065). */
  readonly anonymous: 'trusted' | 'any';
  readonly trusted: TrustedDocuments;
}

export const clientError = (message: string, code: string, status?: number, headers?: ReadonlyArray<[string, string]>) =>
  new GraphQLError(message, { extensions: { code, ...(status ? { http: { status, headers: new Map(headers ?? []) } } : {}) } });

/** The hash a client sent in Apollo's persisted-query format (`extensions.persistedQuery.sha256Hash`), if any. */
export function persistedHash(extensions: unknown): string | null {
  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

/**
 * The one set of rules every GraphQL request meets, over HTTP (Apollo, through apollo-rules.ts) and over websockets
 * (graphql-ws, through socket-operations.ts) alike (ADRs 0064, 0065): the caller from its token; at most
 * MAX_IN_FLIGHT_PER_CALLER of a caller's requests at once; before any parsing, the trusted documents an anonymous
 * caller is held to in production and the caller's rate budget, which the first sight of a text charges more; the
 * validation rules and limits; the cost with the variables; the error format; the response size of a query.
 */
export class RequestRules {
  readonly validationRules: readonly ValidationRule[];
  readonly format: ReturnType<typeof errorFormatter>;
  readonly documents = new DocumentCache();

  constructor(readonly settings: RequestRulesSettings) {
    const rules = limitRules(settings.limits);
    // Apollo is told introspection is on: this rule refuses it in production, on both transports with one message.
    this.validationRules = settings.production ? [...rules, NoSchemaIntrospectionCustomRule] : rules;
    this.format = errorFormatter(settings.logger, { production: settings.production });
  }

  static fromConfig(config: ApiConfig, authenticator: Authenticator, logger: Logger): RequestRules {
    const { env, settings } = config;
    return new RequestRules({
      limits: operationLimits(env),
      production: settings.production,
      authenticator,
      logger,
      limiter: new RateLimiter(env.RATE_LIMIT_PER_MINUTE),
      inFlight: new InFlight(env.MAX_IN_FLIGHT_PER_CALLER),
      firstSightPoints: env.RATE_LIMIT_FIRST_SIGHT_POINTS,
      anonymous: env.ANONYMOUS_OPERATIONS ?? (settings.production ? 'trusted' : 'any'),
      trusted: trustedDocuments(env.TRUSTED_DOCUMENTS_FILE),
    });
  }

  get parseOptions() {
    return { maxTokens: this.settings.limits.maxTokens };
  }

  /** The caller a token names: a bad token (forged, expired, for an account that is gone) is 401 UNAUTHENTICATED. */
  async callerOf(authorization: unknown, address: string | undefined): Promise<Caller> {
    let principal: Principal | null;
    try {
      principal = await this.settings.authenticator.fromAuthorization(authorization);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      throw clientError(error.message, 'UNAUTHENTICATED', 401, [['www-authenticate', 'Bearer']]);
    }
    return { principal, address, key: callerKey(principal, address) };
  }

  /** The caller's turn (a release), or CONCURRENCY_LIMITED when it already has as many running and waiting as allowed. */
  async enter(caller: Caller): Promise<Release> {
    const release = await this.settings.inFlight.enter(caller.key);
    if (release) return release;
    const max = this.settings.inFlight.max;
    throw clientError(`too many requests at once: at most ${max} run and ${max} wait per caller; wait for an answer before sending more`, 'CONCURRENCY_LIMITED', 429);
  }

  /**
   * Before any parsing: an anonymous caller held to the trusted documents sends one of them (by hash, or its exact
   * text), and the request takes from the caller's budget — 1, or RATE_LIMIT_FIRST_SIGHT_POINTS for a text this
   * server has not parsed and validated yet (what a request costs the server is mostly that work).
   */
  async admit(caller: Caller, sent: SentOperation): Promise<void> {
    const query = sentText(sent);
    const hash = persistedHash(sent.extensions) ?? (query === null ? null : textHash(query));
    const trusted = hash !== null && this.settings.trusted.has(hash);
    if (!trusted && query !== null && this.heldToTrusted(caller)) {
      throw clientError('signed out, this server runs only the operations it knows (the console’s, sent by hash as extensions.persistedQuery.sha256Hash); sign in to send others', 'TRUSTED_DOCUMENT_REQUIRED', 400);
    }
    const firstSight = hash !== null && query !== null && !trusted && !this.documents.has(hash);
    await this.charge(caller, firstSight ? this.settings.firstSightPoints : 1);
  }

  private heldToTrusted(caller: Caller): boolean {
    return caller.principal === null && this.settings.anonymous === 'trusted';
  }

  private async charge(caller: Caller, points: number): Promise<void> {
    const taken = await this.settings.limiter.take(caller.key, points);
    if (taken.granted) return;
    const seconds = String(Math.max(1, Math.ceil(taken.retryAfterMs / 1000)));
    throw clientError(`too many requests: slow down (try again in ${seconds} s)`, 'RATE_LIMITED', 429, [['retry-after', seconds]]);
  }

  /** The text a websocket sent, or the trusted document its hash names; null when it names none. */
  textOf(sent: SentOperation): string | null {
    const query = sentText(sent);
    if (query !== null) return query;
    const hash = persistedHash(sent.extensions);
    return hash === null ? null : (this.settings.trusted.text(hash) ?? null);
  }

  /**
   * The parsed and validated document of a text, from the cache Apollo fills too (websockets: Apollo parses and
   * validates over HTTP with the same rules and options), or why it is refused.
   */
  documentOf(schema: GraphQLSchema, text: string): DocumentNode | readonly GraphQLError[] {
    const hash = textHash(text);
    const known = this.documents.document(hash);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parse(text, this.parseOptions);
    } catch (error) {
      if (!(error instanceof GraphQLError)) return [clientError(String(error), 'GRAPHQL_PARSE_FAILED')];
      return [new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
    }
    const errors = validate(schema, document, [...specifiedRules, ...this.validationRules]);
    if (errors.length > 0) return errors.map((e) => (e.extensions['code'] ? e : new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })));
    this.documents.remember(hash, document);
    return document;
  }

  /** QUERY_TOO_COMPLEX (400) for an operation over the cost limit with these variables, or null. */
  costError(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined): GraphQLError | null {
    const error = costError({ schema, document, operationName, variables }, this.settings.limits.maxCost);
    return error && new GraphQLError(error.message, { extensions: { ...error.extensions, http: { status: 400 } } });
  }

  /** A query's answer over MAX_RESPONSE_BYTES is replaced by RESPONSE_TOO_LARGE (a push or a mutation answers one view). */
  sized<Result extends object>(result: Result): Result | { errors: [ReturnType<typeof tooLarge>] } {
    const bytes = Buffer.byteLength(JSON.stringify(result));
    const max = this.settings.limits.maxResponseBytes;
    return bytes > max ? { errors: [tooLarge(bytes, max)] } : result;
  }
}

/** The trusted documents; a manifest that cannot be read, or says wrong, is a bad setting (exit 78, not restarted). */
function trustedDocuments(file: string | undefined): TrustedDocuments {
  try {
    return TrustedDocuments.fromSetting(file);
  } catch (error) {
    throw new ConfigError([`TRUSTED_DOCUMENTS_FILE: ${(error as Error).message}`]);
  }
}

/** The text sent, if any (a request by hash alone sends none). */
function sentText(sent: SentOperation): string | null {
  return typeof sent.query === 'string' && sent.query !== '' ? sent.query : null;
}

export function operationLimits(env: ApiConfig['env']): OperationLimits {
  return {
    maxDepth: env.MAX_QUERY_DEPTH,
    maxIntrospectionDepth: env.MAX_INTROSPECTION_DEPTH,
    maxCost: env.MAX_QUERY_COMPLEXITY,
    maxAliases: env.MAX_ALIASES,
    maxDirectives: env.MAX_DIRECTIVES,
    maxTokens: env.MAX_QUERY_TOKENS,
    maxMutations: env.MAX_MUTATIONS_PER_REQUEST,
    maxResponseBytes: env.MAX_RESPONSE_BYTES,
  };
}
