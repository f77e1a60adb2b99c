import { performance } from 'node:perf_hooks';
import { preciseNow } from './commit-times';

describe('preciseNow', () => {
  afterEach(() => jest.restoreAllMocks());

  it('given a steady clock, then it reads the wall clock, never behind Date.now() nor past the next millisecond, and never goes back', () => {
    const readings = Array.from({ length: 1000 }, () => [Date.now(), preciseNow(), Date.now()] as const);

    for (const [before, precise, after] of readings) {
      expect(precise).toBeGreaterThanOrEqual(before);
      expect(precise).toBeLessThan(after + 2);
    }
    for (let i = 1; i < readings.length; i++)
      expect(readings[i]?.[1]).toBeGreaterThanOrEqual(readings[i - 1]?.[1] ?? 0);
  });

  it('given the system clock stepped 300 ms forward, when read again, then it follows the step at once', () => {
    const wall = Date.now();
    const monotonic = performance.now();
    jest.spyOn(Date, 'now').mockReturnValue(wall + 300);
    jest.spyOn(performance, 'now').mockReturnValue(monotonic);

    expect(preciseNow()).toBe(wall + 300);
  });

  it('given the system clock stepped 300 ms back, when read again, then it follows the step at once', () => {
    const wall = Date.now();
    const monotonic = performance.now();
    jest.spyOn(Date, 'now').mockReturnValue(wall - 300);
    jest.spyOn(performance, 'now').mockReturnValue(monotonic);

    expect(preciseNow()).toBe(wall - 300);
  });
});
