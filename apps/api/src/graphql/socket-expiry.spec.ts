import { EventEmitter } from 'node:events';
import { closeAtExpiry, TOKEN_EXPIRED_CLOSE, TOKEN_EXPIRED_REASON } from './socket-expiry';

class FakeSocket extends EventEmitter {
  readonly closed: [number, string][] = [];
  close(code: number, reason: string): void {
    this.closed.push([code, reason]);
    this.emit('close');
  }
}

describe('a websocket ends when its token expires', () => {
  // Jest's fake timers move Date.now with the timers: the expiry reads the clock the timers run on.
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());
  const advance = (ms: number): void => void jest.advanceTimersByTime(ms);
  const clock = (): number => Date.now();
  const now = 1_000_000;

  it('given a token expiring in 5 s, then the socket is open at 4.9 s and closed with 4401 at 5 s', () => {
    const socket = new FakeSocket();
    closeAtExpiry(socket, now + 5_000, clock);
    advance(4_900);
    expect(socket.closed).toEqual([]);
    advance(100);
    expect(socket.closed).toEqual([[TOKEN_EXPIRED_CLOSE, TOKEN_EXPIRED_REASON]]);
  });

  it('given a spectator socket (no token), then it never closes on its own', () => {
    const socket = new FakeSocket();
    closeAtExpiry(socket, null, clock);
    advance(10 * 24 * 3600_000);
    expect(socket.closed).toEqual([]);
  });

  it('given a socket closed before its token expires, then its timer is gone', () => {
    const socket = new FakeSocket();
    closeAtExpiry(socket, now + 5_000, clock);
    socket.emit('close');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('given a token valid for 30 days (longer than one timer), then it closes at the expiry, not before', () => {
    const socket = new FakeSocket();
    const month = 30 * 24 * 3600_000;
    closeAtExpiry(socket, now + month, clock);
    advance(month - 1);
    expect(socket.closed).toEqual([]);
    advance(1);
    expect(socket.closed).toHaveLength(1);
  });
});
