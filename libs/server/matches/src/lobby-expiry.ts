import { expiresWhenIdle, idleExpiry, type MatchRecord } from '@liars-dice/game-match';
import { commitTimeOf } from './commit-times';

/**
 * When a casual lobby expires unless a command comes first (epoch ms, ADR 0048): `idleSeconds` after the store
 * committed its last command (game-match's `idleExpiry`). The lobby timer (which fires it) and the match view
 * (which tells the players, ADR 0052) both ask this; the match list makes the same sum from the commit time it
 * stored (ADR 0060). Null when the record waits on no expiry: not a lobby (started, closed), a tournament table,
 * expiry off (`LOBBY_IDLE_SECONDS=0`), or its commit time unknown.
 */
export function lobbyExpiresAt(record: MatchRecord, idleSeconds: number, idleSince: number | null = commitTimeOf(record)): number | null {
  return expiresWhenIdle(record.table) ? idleExpiry(idleSince, idleSeconds) : null;
}
