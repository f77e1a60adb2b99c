import { InFlight } from './in-flight';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('requests in flight per caller', () => {
  it('given a bound of 2, then 2 run, 2 wait their turn in order, and a 5th is refused (null)', async () => {
    const inFlight = new InFlight(2);
    const order: string[] = [];
    const first = inFlight.enter('a') as () => void;
    const second = inFlight.enter('a') as () => void;
    const third = Promise.resolve(inFlight.enter('a')).then((release) => (order.push('third'), release));
    const fourth = Promise.resolve(inFlight.enter('a')).then((release) => (order.push('fourth'), release));
    expect(await inFlight.enter('a')).toBeNull();
    expect(inFlight.held('a')).toEqual({ running: 2, waiting: 2 });
    first();
    first();
    await flush();
    expect(order).toEqual(['third']);
    second();
    await flush();
    expect(order).toEqual(['third', 'fourth']);
    (await third)?.();
    (await fourth)?.();
    expect(inFlight.held('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('given one caller at its bound, then another caller still runs', () => {
    const inFlight = new InFlight(1);
    inFlight.enter('a');
    expect(typeof inFlight.enter('b')).toBe('function');
  });

  it('given 0 (off), then any number run', () => {
    const inFlight = new InFlight(0);
    for (let i = 0; i < 1_000; i++) expect(typeof inFlight.enter('a')).toBe('function');
  });
});
