import { performance } from 'node:perf_hooks';
import { InitDeadlines } from './init-deadlines';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('connection_init deadlines, one timer for all', () => {
  it('given sockets opened one after another, then each expires at its own deadline, never before, and a settled one never', async () => {
    const expired: { key: string; after: number }[] = [];
    const opened = new Map<string, number>();
    const deadlines = new InitDeadlines<string>(120, (key) => expired.push({ key, after: performance.now() - (opened.get(key) as number) }));
    for (const key of ['a', 'b', 'c']) {
      opened.set(key, performance.now());
      deadlines.opened(key);
      await sleep(40);
    }
    deadlines.settled('b');

    await sleep(200);

    expect(expired.map((one) => one.key)).toEqual(['a', 'c']);
    for (const one of expired) expect(one.after).toBeGreaterThanOrEqual(119);
    expect(deadlines.size).toBe(0);
  });

  it('given many sockets waiting, then there is one timer; none once all have settled', () => {
    const before = timers();
    const deadlines = new InitDeadlines<number>(60_000, () => undefined);
    for (let key = 0; key < 50; key++) deadlines.opened(key);
    expect(timers()).toBe(before + 1);
    for (let key = 0; key < 50; key++) deadlines.settled(key);
    expect(timers()).toBe(before);
  });

  it('given no wait (0 or infinite), then no deadline is kept', () => {
    for (const wait of [0, Number.POSITIVE_INFINITY]) {
      const deadlines = new InitDeadlines<number>(wait, () => undefined);
      deadlines.opened(1);
      expect(deadlines.size).toBe(0);
    }
  });
});
