/**
 * Websockets per remote address (MAX_SOCKETS_PER_ADDRESS): each open socket holds memory, a keep-alive timer
 * and up to MAX_SOCKET_OPERATIONS subscriptions, so one address may not open them without end. A socket past
 * the bound is closed at once with 1013 ("try again later": graphql-ws clients retry with back-off, and one
 * succeeds once the address has closed another). Addresses are the client's (client-address.ts): the TCP peer's,
 * or behind a proxy named in TRUST_PROXY the client it forwards (docs/operations.md).
 */
export const TOO_MANY_SOCKETS_CLOSE = 1013;

/** The close reason (a close frame's reason is at most 123 bytes). */
export function tooManySocketsReason(max: number): string {
  return `too many websockets from your address (at most ${max}); close one and try again`;
}

/** The part of a `ws` socket the bound needs. */
export interface QuotaSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

/** Open sockets counted by address; an address's entry goes with its last socket. */
export class SocketsPerAddress {
  private readonly open = new Map<string, number>();

  /** `max` 0: no bound. */
  constructor(readonly max: number) {}

  /**
   * Takes a socket that has just connected from `address`: counts it until it closes, or closes it at once (and
   * returns false) when the address already holds `max` open sockets.
   */
  admit(socket: QuotaSocket, address: string | undefined): boolean {
    if (this.max === 0) return true;
    // A peer with no address (the socket is already gone) is counted under one key rather than let through.
    const key = address ?? '';
    const held = this.open.get(key) ?? 0;
    if (held >= this.max) {
      socket.close(TOO_MANY_SOCKETS_CLOSE, tooManySocketsReason(this.max));
      return false;
    }
    this.open.set(key, held + 1);
    socket.once('close', () => this.release(key));
    return true;
  }

  /** Open sockets from `address` now. */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }

  private release(key: string): void {
    const held = (this.open.get(key) ?? 1) - 1;
    if (held > 0) this.open.set(key, held);
    else this.open.delete(key);
  }
}
