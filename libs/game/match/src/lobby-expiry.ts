import type { OpenTable } from './table';

/**
 * Whether a table waits on an idle expiry: a casual lobby. A started or closed match has no lobby left
 * to expire, and a tournament table never expires this way: its tournament seats, starts or drops it.
 */
export function expiresWhenIdle(table: Pick<OpenTable, 'status' | 'tournament'>): boolean {
  return table.status === 'lobby' && !table.tournament;
}

/**
 * When a lobby idle since `idleSince` (epoch ms: the commit of its last command) expires: `idleSeconds` later,
 * counted from that moment rounded up to a whole ms (later rather than sooner). The one sum the lobby timer (which
 * fires the expiry), the match view and the match list (which tell players when) all make, so what a player is
 * told is when the server acts (ADR 0048). `idleSeconds` is the lobby's own (`lobbyIdleSecondsOf`). Null
 * when it is 0 (nothing expires) or the moment is unknown.
 */
export function idleExpiry(idleSince: number | null, idleSeconds: number): number | null {
  // `!(idleSeconds > 0)`: 0 (never) or a setting left out (an app wired without it) expires nothing.
  if (!(idleSeconds > 0) || idleSince === null) return null;
  return Math.ceil(idleSince) + idleSeconds * 1000;
}
