import type { ApiThread } from '@liars-dice/platform-threads';
/** The event store the app picked from its config (the port only: no slice ever sees an adapter). */
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The validated {@link ServerSettings}. */
export const SERVER_SETTINGS = Symbol('SERVER_SETTINGS');

export interface ServerSettings {
  /** HMAC secret signing the JWTs. */
  readonly jwtSecret: string;
  readonly jwtTtlSeconds: number;
  /** How long after signing in a session may still be renewed (`renewSession`): no token outlives it. */
  readonly sessionMaxSeconds: number;
  /** 32-byte AES key (hex) sealing each match's secret seed inside its first event. */
  readonly seedKey: string;
  /** The data directory (the admin setup token's hash lives there); null for a tool without one. */
  readonly dataDir: string | null;
  /**
   * An admin setup token the operator chose (`ADMIN_SETUP_TOKEN`: one for every replica), instead of the one the
   * server issues into its data directory; either makes its claimer an admin, once.
   */
  readonly adminSetupToken: string | null;
  /** Sign-in back-off and registrations per address (docs/operations.md). */
  readonly accounts: {
    readonly signInFreeFailures: number;
    readonly signInBackoffMaxSeconds: number;
    readonly registrationsPerHour: number;
  };
  /** Casual lobbies one account may host at once; 0: no cap. */
  readonly maxOpenLobbies: number;
  /** How long a CPU seat "thinks" before acting (0 in tests). */
  readonly botThinkMs: number;
  /**
   * Replicas: how much longer than the replica that wrote a match's last command the others wait before
   * playing its CPU seat or firing its turn timer themselves (that replica may have died). 0 with one process.
   */
  readonly takeoverMs: number;
  /**
   * How long a casual lobby whose host chose no idle time may sit with no command (nobody joining, leaving or
   * starting it) before it expires (`LobbyClosed { reason: 'expired' }`); 0: never.
   */
  readonly lobbyIdleSeconds: number;
  /**
   * The longest idle time a host may choose for a lobby at creation, and a cap on every chosen time at every
   * count: from 1 second, never below `lobbyIdleSeconds`.
   */
  readonly lobbyIdleMaxSeconds: number;
  /**
   * How long a started match without a turn timer may wait on a person (no command at all) before they count as
   * absent: a CPU takes their casual seat, a ranked player forfeits (`MATCH_INACTIVITY_SECONDS`). From 1.
   */
  readonly inactivitySeconds: number;
  /** The same when no other person still plays at the table (only CPUs wait): `MATCH_SOLO_INACTIVITY_SECONDS`. */
  readonly soloInactivitySeconds: number;
  /** Re-reads after a concurrent append before a command gives up. */
  readonly commandRetries: number;
  readonly production: boolean;
  /** The threads whose work runs on the main thread instead (THREADS_IN_PROCESS; absent: none). */
  readonly threadsInProcess?: readonly ApiThread[];
  /** Moderation's policy (docs/moderation.md): the filing and appeal windows, and the second moderator. */
  readonly moderation: {
    readonly fileWindowMs: number;
    readonly appealWindowMs: number;
    /** Voids and ranked bans wait for a second moderator's confirmation. */
    readonly secondModerator: boolean;
  };
}
