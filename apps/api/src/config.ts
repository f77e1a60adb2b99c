import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ServerSettings } from '@liars-dice/server-platform';
import { DEFAULT_INACTIVITY } from '@liars-dice/game-match';
import { makeDirectory } from '@liars-dice/event-store-sqlite';
import { parseThreadsInProcess } from '@liars-dice/platform-threads';
import { parseTrustProxy } from './http/client-address';

/**
 * How long an idle keep-alive HTTP connection stays open (Node's default, 5 s, is shorter than any browser's or
 * load balancer's idle time: clients kept reconnecting, and bursts of new connections overflowed the listen queue
 * of a busy server, each refused connect costing the client a 1, 3, 7 or 15 s retransmit).
 */
export const DEFAULT_KEEP_ALIVE_MS = 65_000;

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A casual lobby nobody joins, leaves or starts for this long expires: 30 minutes. */
export const DEFAULT_LOBBY_IDLE_SECONDS = 1800;
const LOBBY_IDLE = 'expected whole seconds from 0 (never expire) to 2592000 (30 days)';
/**
 * The longest idle time a host may choose when LOBBY_IDLE_MAX_SECONDS is not set: a day, or the
 * default where that is longer (a server that raised LOBBY_IDLE_SECONDS keeps starting as it did).
 */
export const DEFAULT_LOBBY_IDLE_MAX_SECONDS = 86_400;
const LOBBY_IDLE_MAX = 'expected whole seconds from 1 to 2592000 (30 days)';
const INACTIVITY = 'expected whole seconds from 1 to 2592000 (30 days)';
/** A started match without a turn timer that waits on a person this long counts them absent. */
const inactivitySeconds = (fallback: number) =>
  optional.pipe(z.coerce.number<string | undefined>({ error: INACTIVITY }).int(INACTIVITY).min(1, INACTIVITY).max(30 * 86_400, INACTIVITY).default(fallback));

/** Every setting comes from the environment; each bad one is reported by name at start-up. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535, 4000),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENT_STORE: z.enum(['sqlite', 'memory']).default('sqlite'),
  EVENTSTORE_CONNECTION_STRING: optional.pipe(z.string().regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'expected esdb://host:port?… (or esdb+discover://)').optional()),
  JWT_SECRET: optional.pipe(z.string().min(32, 'at least 32 characters').optional()),
  JWT_TTL_SECONDS: int(60, 30 * 24 * 3600, 12 * 3600),
  SESSION_MAX_SECONDS: int(60, 365 * 24 * 3600, 7 * 24 * 3600),
  SEED_KEY: optional.pipe(z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex characters (32 bytes)').optional()),
  // Refused, not ignored: a first admin by name is a race to register it; the setup token decides (ADR 0070).
  ADMIN_NAME: optional.pipe(z.undefined({ error: 'no longer read: the first admin claims the admin setup token (claimAdmin; docs/operations.md); unset ADMIN_NAME' }).optional()),
  ADMIN_SETUP_TOKEN: optional.pipe(z.string().min(24, 'at least 24 characters').optional()),
  SIGN_IN_FREE_FAILURES: int(1, 1000, 5),
  SIGN_IN_BACKOFF_MAX_SECONDS: int(1, 86_400, 900),
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: int(0, 1_000_000, 5),
  MAX_OPEN_LOBBIES: int(0, 10_000, 3),
  BOT_THINK_MS: int(0, 60_000, 700),
  COMMAND_RETRIES: int(0, 50, 8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: int(0, 10_000_000, 1200),
  MAX_QUERY_DEPTH: int(2, 50, 10),
  MAX_INTROSPECTION_DEPTH: int(2, 50, 15),
  MAX_QUERY_COMPLEXITY: int(10, 1_000_000, 25_000),
  MAX_ALIASES: int(1, 1000, 20),
  MAX_DIRECTIVES: int(1, 1000, 10),
  MAX_QUERY_TOKENS: int(50, 100_000, 2000),
  MAX_MUTATIONS_PER_REQUEST: int(1, 50, 1),
  MAX_RESPONSE_BYTES: int(1024, 100_000_000, 2 * 1024 * 1024),
  MAX_BODY_BYTES: int(1024, 10_000_000, 65_536),
  MAX_SOCKET_OPERATIONS: int(1, 100_000, 100),
  MAX_SOCKETS_PER_ADDRESS: int(0, 1_000_000, 64),
  MAX_CONNECTIONS_PER_ADDRESS: int(0, 1_000_000, 256),
  // Unset: derived from the process's open-file limit at start (http/connection-limits.ts).
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000_000).optional(),
  HTTP_HEADERS_TIMEOUT_MS: int(1000, 600_000, 5_000),
  HTTP_REQUEST_TIMEOUT_MS: int(1000, 3_600_000, 10_000),
  MAX_IN_FLIGHT_PER_CALLER: int(0, 10_000, 8),
  RATE_LIMIT_FIRST_SIGHT_POINTS: int(1, 10_000, 10),
  ANONYMOUS_OPERATIONS: z.enum(['trusted', 'any']).optional(),
  TRUSTED_DOCUMENTS_FILE: optional,
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'at least 16 characters').optional()),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  SHUTDOWN_GRACE_MS: int(0, 120_000, 10_000),
  HTTP_KEEP_ALIVE_MS: int(1000, 600_000, DEFAULT_KEEP_ALIVE_MS),
  READY_MAX_LAG_MS: int(0, 3_600_000, 2_000),
  // Empty means unset (the default), not 0: turning expiry off takes a deliberate 0.
  LOBBY_IDLE_SECONDS: optional.pipe(z.coerce.number<string | undefined>({ error: LOBBY_IDLE }).int(LOBBY_IDLE).min(0, LOBBY_IDLE).max(30 * 86_400, LOBBY_IDLE).default(DEFAULT_LOBBY_IDLE_SECONDS)),
  // Unset (or empty): see lobbyIdleMaxSeconds below.
  LOBBY_IDLE_MAX_SECONDS: optional.pipe(z.coerce.number<string>({ error: LOBBY_IDLE_MAX }).int(LOBBY_IDLE_MAX).min(1, LOBBY_IDLE_MAX).max(30 * 86_400, LOBBY_IDLE_MAX).optional()),
  MATCH_INACTIVITY_SECONDS: inactivitySeconds(DEFAULT_INACTIVITY.inactivitySeconds),
  MATCH_SOLO_INACTIVITY_SECONDS: inactivitySeconds(DEFAULT_INACTIVITY.soloInactivitySeconds),
  TAKEOVER_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  MODERATION_FILE_WINDOW_DAYS: int(1, 365, 7),
  MODERATION_APPEAL_WINDOW_DAYS: int(1, 365, 7),
  MODERATION_SECOND_MODERATOR: z.enum(['true', 'false']).default('false'),
  // Measuring what each thread buys (bench:api --in-process, docs/benchmarks/threads.md): its work on the main thread.
  THREADS_IN_PROCESS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const threads = parseThreadsInProcess(value);
      if (Array.isArray(threads)) return threads;
      ctx.addIssue({ code: 'custom', message: threads.error });
      return z.NEVER;
    }),
});

const DAY_MS = 86_400_000;

/** A ceiling below the default would let the server itself set a wait no host may choose: refused at start-up. */
function checkLobbyIdleCeiling(env: Env): string | null {
  const { LOBBY_IDLE_SECONDS: idle, LOBBY_IDLE_MAX_SECONDS: max } = env;
  if (max === undefined || max >= idle) return null;
  return `LOBBY_IDLE_MAX_SECONDS: ${max} is below LOBBY_IDLE_SECONDS (${idle}); the longest idle time a host may choose cannot be shorter than the default: raise it, or lower LOBBY_IDLE_SECONDS`;
}

/** Node drops a request whose headers are still unfinished after the headers timeout, its body after the request timeout. */
function checkHttpTimeouts(env: Env): string | null {
  if (env.HTTP_REQUEST_TIMEOUT_MS >= env.HTTP_HEADERS_TIMEOUT_MS) return null;
  return `HTTP_REQUEST_TIMEOUT_MS: ${env.HTTP_REQUEST_TIMEOUT_MS} is below HTTP_HEADERS_TIMEOUT_MS (${env.HTTP_HEADERS_TIMEOUT_MS}); a whole request cannot take less time than its headers`;
}

/** The host's ceiling: LOBBY_IDLE_MAX_SECONDS, or when unset a day, or the default where that is longer. */
function lobbyIdleMaxSeconds(env: Env): number {
  return env.LOBBY_IDLE_MAX_SECONDS ?? Math.max(DEFAULT_LOBBY_IDLE_MAX_SECONDS, env.LOBBY_IDLE_SECONDS);
}

export type Env = z.infer<typeof schema>;

/** Every variable the API reads from its environment, as docs/operations.md's settings tables list them. */
export const SETTING_NAMES = Object.keys(schema.shape) as readonly (keyof Env)[];

export interface ApiConfig {
  readonly env: Env;
  readonly dataDir: string;
  /** `esdb` when a connection string is set, else the embedded choice. */
  readonly store: 'esdb' | 'sqlite' | 'memory';
  readonly settings: ServerSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const problems = [checkLobbyIdleCeiling(parsed.data), checkHttpTimeouts(parsed.data)].filter((p): p is string => p !== null);
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

interface Secrets {
  readonly jwtSecret: string;
  readonly seedKey: string;
}

/**
 * The embedded default's secrets: generated once into the data directory, kept across restarts. Created
 * exclusively, so two first starts at once (the second is then refused by the data directory's lock) never
 * leave the file holding a key other than the one the running process sealed its seeds with.
 */
function dataDirSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    const secrets = { jwtSecret: randomBytes(48).toString('base64url'), seedKey: randomBytes(32).toString('hex') };
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
}

/** With EventStoreDB other replicas may share the matches: they leave a match's CPU seats and timers this long to the replica that wrote its last command. */
const REPLICA_TAKEOVER_MS = 1000;

export function loadConfig(source: NodeJS.ProcessEnv = process.env): ApiConfig {
  const env = parseEnv(source);
  const store = env.EVENTSTORE_CONNECTION_STRING ? 'esdb' : env.EVENT_STORE;
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    makeDirectory(dataDir, 0o700);
  } catch (error) {
    // A bad setting, said as one: no stack, and the supervisor does not restart (EXIT_CONFIG).
    throw new ConfigError([`DATA_DIR: ${dataDir} cannot be created (${(error as Error).message}); set a writable data directory`]);
  }
  const generated = env.JWT_SECRET && env.SEED_KEY ? null : dataDirSecrets(dataDir);
  return {
    env,
    dataDir,
    store,
    settings: {
      jwtSecret: env.JWT_SECRET ?? (generated as Secrets).jwtSecret,
      jwtTtlSeconds: env.JWT_TTL_SECONDS,
      sessionMaxSeconds: env.SESSION_MAX_SECONDS,
      seedKey: env.SEED_KEY ?? (generated as Secrets).seedKey,
      dataDir,
      adminSetupToken: env.ADMIN_SETUP_TOKEN ?? null,
      accounts: {
        signInFreeFailures: env.SIGN_IN_FREE_FAILURES,
        signInBackoffMaxSeconds: env.SIGN_IN_BACKOFF_MAX_SECONDS,
        registrationsPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      },
      maxOpenLobbies: env.MAX_OPEN_LOBBIES,
      botThinkMs: env.BOT_THINK_MS,
      takeoverMs: env.TAKEOVER_MS ?? (store === 'esdb' ? REPLICA_TAKEOVER_MS : 0),
      lobbyIdleSeconds: env.LOBBY_IDLE_SECONDS,
      lobbyIdleMaxSeconds: lobbyIdleMaxSeconds(env),
      inactivitySeconds: env.MATCH_INACTIVITY_SECONDS,
      soloInactivitySeconds: env.MATCH_SOLO_INACTIVITY_SECONDS,
      commandRetries: env.COMMAND_RETRIES,
      production: env.NODE_ENV === 'production',
      threadsInProcess: env.THREADS_IN_PROCESS,
      moderation: {
        fileWindowMs: env.MODERATION_FILE_WINDOW_DAYS * DAY_MS,
        appealWindowMs: env.MODERATION_APPEAL_WINDOW_DAYS * DAY_MS,
        secondModerator: env.MODERATION_SECOND_MODERATOR === 'true',
      },
    },
  };
}
