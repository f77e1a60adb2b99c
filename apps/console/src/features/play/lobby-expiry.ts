/** How long before a lobby's expiry its players are warned: quiet until then (a lobby usually fills long before). */
export const WARN_BEFORE_MS = 5 * 60_000;

/**
 * What the lobby's warning says at `now`, counting down to the server's `lobbyExpiresAt`: nothing before the last
 * five minutes, then the whole minutes still left (rounded down, so "closes in 3 minutes" always leaves at least
 * 3), 0 for "less than a minute" (also once the time has passed and the server's expiry is on its way).
 */
export function expiryWarning(expiresAt: number, now: number): { readonly minutes: number } | null {
  const left = expiresAt - now;
  if (left > WARN_BEFORE_MS) return null;
  return { minutes: Math.max(0, Math.floor(left / 60_000)) };
}

/**
 * The unit the expired notice names an idle time in: whole hours (a host may choose hours), else minutes
 * (fractional ones, such as 1.5, formatted by the locale), seconds below one.
 */
export function expiredAfter(idleSeconds: number): { readonly hours: number } | { readonly minutes: number } | { readonly seconds: number } {
  if (idleSeconds >= 3600 && idleSeconds % 3600 === 0) return { hours: idleSeconds / 3600 };
  return idleSeconds < 60 ? { seconds: idleSeconds } : { minutes: idleSeconds / 60 };
}
