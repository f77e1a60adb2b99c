import type { MatchRecord } from '@liars-dice/game-match';
import { commitTimeOf } from './commit-times';

/**
 * When a casual lobby expires unless a command comes first (epoch ms, ADR 0048): `idleSeconds` after the store
 * committed its last command (whole ms, rounded up: later rather than sooner). The one rule both the lobby timer
 * (which fires it) and the match view (which tells the players, ADR 0052) follow, so what a player is told is when
 * the server acts. Null when the record waits on no expiry: not a lobby (started, closed), a tournament table
 * (its tournament seats and starts it), expiry off (`LOBBY_IDLE_SECONDS=0`), or its commit time unknown.
 */
export function lobbyExpiresAt(record: MatchRecord, idleSeconds: number, idleSince: number | null = commitTimeOf(record)): number | null {
  const { table } = record;
  // `!(idleSeconds > 0)`: 0 (never) or a setting left out (an app wired without it) expires nothing.
  if (!(idleSeconds > 0) || table.status !== 'lobby' || table.tournament || idleSince === null) return null;
  return Math.ceil(idleSince) + idleSeconds * 1000;
}
