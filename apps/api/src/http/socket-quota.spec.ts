import { EventEmitter } from 'node:events';
import { SocketsPerAddress, TOO_MANY_SOCKETS_CLOSE, tooManySocketsReason } from './socket-quota';

class FakeSocket extends EventEmitter {
  readonly closed: [number, string][] = [];
  close(code: number, reason: string): void {
    this.closed.push([code, reason]);
    this.emit('close');
  }
}

const opened = (quota: SocketsPerAddress, address: string | undefined, count: number) =>
  Array.from({ length: count }, () => {
    const socket = new FakeSocket();
    return { socket, admitted: quota.admit(socket, address) };
  });

describe('websockets per address', () => {
  it('given a bound of 3, when one address opens a 4th socket, then that one is closed with 1013 and a reason naming the bound', () => {
    const quota = new SocketsPerAddress(3);
    const sockets = opened(quota, '10.0.0.1', 4);
    expect(sockets.map((s) => s.admitted)).toEqual([true, true, true, false]);
    expect(sockets[3]?.socket.closed).toEqual([[TOO_MANY_SOCKETS_CLOSE, 'too many websockets from your address (at most 3); close one and try again']]);
    expect(sockets.slice(0, 3).every((s) => s.socket.closed.length === 0)).toBe(true);
    expect(quota.held('10.0.0.1')).toBe(3);
  });

  it('given one address at its bound, then another address still connects', () => {
    const quota = new SocketsPerAddress(2);
    opened(quota, '10.0.0.1', 2);
    expect(opened(quota, '10.0.0.2', 2).map((s) => s.admitted)).toEqual([true, true]);
  });

  it('given an address at its bound, when one of its sockets closes, then it may open one more (and the count goes with the last)', () => {
    const quota = new SocketsPerAddress(2);
    const [first, second] = opened(quota, '::1', 2);
    first?.socket.close(1000, 'bye');
    expect(opened(quota, '::1', 1)[0]?.admitted).toBe(true);
    second?.socket.close(1000, 'bye');
    expect(quota.held('::1')).toBe(1);
  });

  it('given a refused socket, when it closes, then it does not free a place it never took', () => {
    const quota = new SocketsPerAddress(1);
    opened(quota, 'a', 2);
    expect(quota.held('a')).toBe(1);
  });

  it('given the bound off (0), then any number connect', () => {
    expect(opened(new SocketsPerAddress(0), 'a', 500).every((s) => s.admitted)).toBe(true);
  });

  it('then the reason fits a close frame (123 bytes) for any bound', () => {
    expect(Buffer.byteLength(tooManySocketsReason(1_000_000))).toBeLessThanOrEqual(123);
  });
});
