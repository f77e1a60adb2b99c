import { performance } from 'node:perf_hooks';
import { speedCheck } from './speed-check';

describe('the machine speed check', () => {
  it('given a call, then a child process runs the 1 s warm-up and seven 200 ms rounds, each a rate of whole 100-trip batches', async () => {
    const started = performance.now();
    const reading = await speedCheck();
    // The workload runs until its time is up: the call cannot return before the warm-up and all seven rounds ran
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000 + 7 * 200);
    expect(Object.keys(reading)).toEqual(['rounds']);
    expect(reading.rounds).toHaveLength(7);
    // A rate is the round trips counted (whole batches of 100, at least one) over the round's 0.2 s: a multiple of 500/s
    for (const rate of reading.rounds) {
      expect(rate % 500).toBe(0);
      expect(rate).toBeGreaterThanOrEqual(500);
    }
  }, 60_000);
});
