import { idleExpiry, type LobbyIdleSettings, lobbyIdleSecondsOf, type MatchRecord } from '@liars-dice/game-match';
import { commitTimeOf } from './commit-times';

/**
 * How long this record's lobby may sit idle (seconds), on a server with these settings (`LOBBY_IDLE_SECONDS`,
 * `LOBBY_IDLE_MAX_SECONDS`): the host's choice capped by the ceiling, or the default (`lobbyIdleSecondsOf`). Null
 * when the record waits on no expiry: not a lobby (started, closed), a tournament table, or neither a choice nor a
 * default.
 */
export function lobbyIdleSecondsFor(record: MatchRecord, settings: LobbyIdleSettings): number | null {
  const { table } = record;
  return table.status === 'lobby' ? lobbyIdleSecondsOf(table, settings) : null;
}

/**
 * When a casual lobby expires unless a command comes first (epoch ms, ADR 0048): its idle time
 * (`lobbyIdleSecondsFor`) after the store committed its last command (game-match's `idleExpiry`: whole ms, rounded
 * up). The one rule the lobby timer (which fires it), the match view (which tells the players) and the
 * match list (from the commit time and choice it stored) follow, so what a player is told is when the
 * server acts. Null when the record waits on no expiry (see `lobbyIdleSecondsFor`) or its commit time is unknown.
 */
export function lobbyExpiresAt(record: MatchRecord, settings: LobbyIdleSettings, idleSince: number | null = commitTimeOf(record)): number | null {
  const idleSeconds = lobbyIdleSecondsFor(record, settings);
  return idleSeconds === null ? null : idleExpiry(idleSince, idleSeconds);
}
