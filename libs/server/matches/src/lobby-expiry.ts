import { idleExpiry, lobbyIdleSecondsOf, type MatchRecord } from '@liars-dice/game-match';
import { commitTimeOf } from './commit-times';

/**
 * How long this record's lobby may sit idle (seconds), on a server whose `LOBBY_IDLE_SECONDS` is
 * `serverIdleSeconds`: the host's choice capped by it, or it (`lobbyIdleSecondsOf`, ADR 0061). Null when the record
 * waits on no expiry: not a lobby (started, closed), a tournament table, or neither a choice nor a setting.
 */
export function lobbyIdleSecondsFor(record: MatchRecord, serverIdleSeconds: number): number | null {
  const { table } = record;
  // `|| 0`: a setting left out (an app wired without it) is no setting.
  return table.status === 'lobby' ? lobbyIdleSecondsOf(table, serverIdleSeconds || 0) : null;
}

/**
 * When a casual lobby expires unless a command comes first (epoch ms, ADR 0048): its idle time
 * (`lobbyIdleSecondsFor`) after the store committed its last command (game-match's `idleExpiry`: whole ms, rounded
 * up). The one rule the lobby timer (which fires it), the match view (which tells the players, ADR 0052) and the
 * match list (from the commit time and choice it stored, ADR 0060) follow, so what a player is told is when the
 * server acts. Null when the record waits on no expiry (see `lobbyIdleSecondsFor`) or its commit time is unknown.
 */
export function lobbyExpiresAt(record: MatchRecord, serverIdleSeconds: number, idleSince: number | null = commitTimeOf(record)): number | null {
  const idleSeconds = lobbyIdleSecondsFor(record, serverIdleSeconds);
  return idleSeconds === null ? null : idleExpiry(idleSince, idleSeconds);
}
