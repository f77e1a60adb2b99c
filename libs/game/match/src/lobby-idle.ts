import type { OpenTable } from './table';
import { TableViolation } from './violation';

/** The longest idle time anything may set (30 days): the server's `LOBBY_IDLE_SECONDS` and a host's choice alike. */
export const MAX_LOBBY_IDLE_SECONDS = 30 * 86_400;

/**
 * How long a lobby may sit with no command before it expires, in seconds (ADR 0061): the host's choice at
 * creation (`MatchOpened.lobbyIdleSeconds`) capped by the server's `LOBBY_IDLE_SECONDS`, or that setting when the
 * host chose none (every stream from before the choice). The setting stays the operator's ceiling after a table
 * was opened, so lowering it shortens every lobby's wait. With the setting at 0 (no default, no ceiling) only a
 * host's choice expires a lobby. Null: it never expires (a tournament table, whose tournament seats and starts it;
 * or neither a choice nor a setting). The one rule of the decider, the lobby timer and the match view.
 */
export function lobbyIdleSecondsOf(table: Pick<OpenTable, 'lobbyIdleSeconds' | 'tournament'>, serverIdleSeconds: number): number | null {
  if (table.tournament) return null;
  const chosen = table.lobbyIdleSeconds ?? null;
  const server = serverIdleSeconds > 0 ? serverIdleSeconds : null;
  if (chosen === null) return server;
  return server === null ? chosen : Math.min(chosen, server);
}

/** What a host may choose on a server with this setting: up to it, or up to 30 days where it is 0. */
export function lobbyIdleCeiling(serverIdleSeconds: number): number {
  return serverIdleSeconds > 0 ? Math.min(serverIdleSeconds, MAX_LOBBY_IDLE_SECONDS) : MAX_LOBBY_IDLE_SECONDS;
}

/**
 * A host's choice, checked: absent, null or 0 is the server's default (recorded as no choice); otherwise whole
 * seconds from 1 to the ceiling. A tournament table takes none: it never expires.
 */
export function checkLobbyIdle(chosen: unknown, serverIdleSeconds: number, tournament: boolean): number | null | TableViolation {
  if (chosen === undefined || chosen === null || chosen === 0) return null;
  if (tournament) return new TableViolation('BAD_USER_INPUT', 'lobbyIdleSeconds: a tournament table never expires, so it takes no idle time', 'lobbyIdleSeconds');
  const ceiling = lobbyIdleCeiling(serverIdleSeconds);
  if (typeof chosen === 'number' && Number.isInteger(chosen) && chosen >= 1 && chosen <= ceiling) return chosen;
  const bound = serverIdleSeconds > 0 ? `${ceiling} (this server's LOBBY_IDLE_SECONDS)` : `${ceiling} (30 days)`;
  return new TableViolation('BAD_USER_INPUT', `lobbyIdleSeconds: whole seconds from 1 to ${bound}, or 0 for the server's default`, 'lobbyIdleSeconds');
}
