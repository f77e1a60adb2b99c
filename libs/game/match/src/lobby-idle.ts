import type { OpenTable } from './table';
import { TableViolation } from './violation';

/** The longest idle time anything may set (30 days): the operator's two settings and a host's choice alike. */
export const MAX_LOBBY_IDLE_SECONDS = 30 * 86_400;

/**
 * The operator's two settings a lobby's idle time follows, named as in the server's settings so those
 * pass as they are. `lobbyIdleSeconds` (`LOBBY_IDLE_SECONDS`): the wait of a lobby whose host chose none; 0: such a
 * lobby never expires. `lobbyIdleMaxSeconds` (`LOBBY_IDLE_MAX_SECONDS`, from 1): the longest a host may choose,
 * and the cap on every chosen time at every count. The server starts only with the ceiling at or above the default.
 */
export interface LobbyIdleSettings {
  readonly lobbyIdleSeconds: number;
  readonly lobbyIdleMaxSeconds: number;
}

/**
 * How long a lobby may sit with no command before it expires, in seconds (ADR 0061): the host's choice
 * at creation (`MatchOpened.lobbyIdleSeconds`) capped by the operator's ceiling, or the default when the host
 * chose none (every stream from before the choice). The ceiling is read at every count, not only at creation, so
 * lowering it shortens every waiting lobby whose host chose longer; changing the default moves only the lobbies
 * with no choice. Null: it never expires (a tournament table, whose tournament seats and starts it; or no choice
 * on a server whose default is 0). The one rule of the decider, the lobby timer and the match view.
 */
export function lobbyIdleSecondsOf(table: Pick<OpenTable, 'lobbyIdleSeconds' | 'tournament'>, settings: LobbyIdleSettings): number | null {
  if (table.tournament) return null;
  const chosen = table.lobbyIdleSeconds ?? null;
  if (chosen !== null) return Math.min(chosen, lobbyIdleCeiling(settings.lobbyIdleMaxSeconds));
  return settings.lobbyIdleSeconds > 0 ? settings.lobbyIdleSeconds : null;
}

/** What a host may choose under this ceiling: up to it (30 days at most, and where none was given). */
export function lobbyIdleCeiling(maxSeconds: number | undefined): number {
  return maxSeconds !== undefined && maxSeconds > 0 ? Math.min(maxSeconds, MAX_LOBBY_IDLE_SECONDS) : MAX_LOBBY_IDLE_SECONDS;
}

/**
 * A host's choice, checked against the ceiling (`LOBBY_IDLE_MAX_SECONDS`; undefined: 30 days): absent, null or 0 is
 * the server's default (recorded as no choice); otherwise whole seconds from 1 to the ceiling. A tournament table
 * takes none: it never expires.
 */
export function checkLobbyIdle(chosen: unknown, maxSeconds: number | undefined, tournament: boolean): number | null | TableViolation {
  if (chosen === undefined || chosen === null || chosen === 0) return null;
  if (tournament) return new TableViolation('BAD_USER_INPUT', 'lobbyIdleSeconds: a tournament table never expires, so it takes no idle time', 'lobbyIdleSeconds');
  const ceiling = lobbyIdleCeiling(maxSeconds);
  if (typeof chosen === 'number' && Number.isInteger(chosen) && chosen >= 1 && chosen <= ceiling) return chosen;
  const bound = maxSeconds !== undefined && maxSeconds > 0 ? `${ceiling} (this server's LOBBY_IDLE_MAX_SECONDS)` : `${ceiling} (30 days)`;
  return new TableViolation('BAD_USER_INPUT', `lobbyIdleSeconds: whole seconds from 1 to ${bound}, or 0 for the server's default`, 'lobbyIdleSeconds');
}

/** Why the settings an `ExpireLobby` carries are not the server's, or null: the decider takes only whole seconds. */
export function badLobbyIdleSettings(settings: LobbyIdleSettings | undefined): TableViolation | null {
  const { lobbyIdleSeconds, lobbyIdleMaxSeconds } = settings ?? { lobbyIdleSeconds: Number.NaN, lobbyIdleMaxSeconds: Number.NaN };
  if (!Number.isInteger(lobbyIdleSeconds) || lobbyIdleSeconds < 0) {
    return new TableViolation('BAD_USER_INPUT', "settings.lobbyIdleSeconds: the server's LOBBY_IDLE_SECONDS, whole seconds from 0", 'settings.lobbyIdleSeconds');
  }
  if (!Number.isInteger(lobbyIdleMaxSeconds) || lobbyIdleMaxSeconds < 1) {
    return new TableViolation('BAD_USER_INPUT', "settings.lobbyIdleMaxSeconds: the server's LOBBY_IDLE_MAX_SECONDS, whole seconds from 1", 'settings.lobbyIdleMaxSeconds');
  }
  return null;
}
