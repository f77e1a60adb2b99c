/** graphql-ws's "Unauthorized": its clients treat it as final (no automatic reconnect with the same token). */
export const TOKEN_EXPIRED_CLOSE = 4401;
export const TOKEN_EXPIRED_REASON = 'the token has expired; sign in again';

/** setTimeout's longest delay (about 24.8 days): a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The part of a `ws` socket the expiry needs. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Ends a websocket when the token it connected with expires: every operation on it stops at once, and the
 * client is told why (close 4401). One timer per socket, cleared when the socket closes: nothing runs per push.
 * A socket without a token (a spectator's) or with one already refused has no expiry.
 */
export function closeAtExpiry(socket: ClosableSocket, expiresAt: number | null, now: () => number = Date.now): void {
  if (expiresAt === null) return;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const wait = expiresAt - now();
    if (wait <= 0) {
      socket.close(TOKEN_EXPIRED_CLOSE, TOKEN_EXPIRED_REASON);
      return;
    }
    timer = setTimeout(arm, Math.min(wait, LONGEST_TIMER_MS));
    // The socket keeps the process busy, not its expiry.
    timer.unref();
  };
  arm();
  socket.once('close', () => clearTimeout(timer));
}
