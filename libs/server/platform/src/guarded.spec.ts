import { Subject } from 'rxjs';
import { backoff, guarded } from './guarded';

describe('guarded background jobs', () => {
  it('given a subscriber that throws, then the error is logged and later values still arrive', () => {
    const log = { error: jest.fn() };
    const seen: number[] = [];
    const source = new Subject<number>();
    source.subscribe(
      guarded(log, 'counting', (n: number) => {
        if (n === 2) throw new Error('bad two');
        seen.push(n);
      }),
    );
    [1, 2, 3].forEach((n) => source.next(n));
    expect(seen).toEqual([1, 3]);
    expect(log.error).toHaveBeenCalledWith('counting failed: Error: bad two');
  });

  it('given an async job that rejects, then the rejection is logged, not left unhandled', async () => {
    const log = { error: jest.fn() };
    guarded(log, 'playing', async () => Promise.reject(new TypeError('no view')))();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.error).toHaveBeenCalledWith('playing failed: TypeError: no view');
  });

  it('given retries, then the pause doubles up to its cap', () => {
    expect([0, 1, 2, 3].map((n) => backoff(n, 100, 500))).toEqual([100, 200, 400, 500]);
    expect(backoff(10_000)).toBe(30_000);
  });
});
