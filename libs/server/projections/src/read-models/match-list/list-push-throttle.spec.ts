import fc from 'fast-check';
import { ListPushThrottle, type ThrottleClock } from './list-push-throttle';

/** A clock the test moves by hand: timers run when `advance` passes them. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: ThrottleClock = {
    now: () => now,
    after: (ms, run) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
  };
  const advance = (ms: number): void => {
    const until = now + ms;
    for (let due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0]; due; due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0]) {
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
    }
    now = until;
  };
  return { clock, advance, now: () => now };
}

function given(intervalMs = 1_000) {
  const { clock, advance, now } = fakeClock();
  const pushes: { at: number; values: string[] }[] = [];
  const throttle = new ListPushThrottle<string, string>(intervalMs, (values) => pushes.push({ at: now(), values }), clock);
  return { throttle, advance, pushes };
}

describe('ListPushThrottle', () => {
  it('pushes the first change after a quiet interval at once', () => {
    // Given a subscriber that heard nothing yet
    const { throttle, pushes } = given();
    // When a match's row changes
    throttle.offer('m1', 'm1 open');
    // Then it is pushed without waiting
    expect(pushes).toEqual([{ at: 0, values: ['m1 open'] }]);
  });

  it('gathers the changes within an interval of the last push into one push at its end, each row once with its newest state', () => {
    // Given a push just sent
    const { throttle, advance, pushes } = given();
    throttle.offer('m1', 'm1 open');
    // When the same match and another change in the next 300 ms
    advance(100);
    throttle.offer('m1', 'm1 seated');
    advance(200);
    throttle.offer('m2', 'm2 open');
    throttle.offer('m1', 'm1 playing');
    advance(2_000);
    // Then one more push, at 1 s, carries both, m1 as it is now
    expect(pushes).toEqual([
      { at: 0, values: ['m1 open'] },
      { at: 1_000, values: ['m2 open', 'm1 playing'] },
    ]);
  });

  it('pushes nothing after the subscriber left', () => {
    // Given a change waiting for the interval to end
    const { throttle, advance, pushes } = given();
    throttle.offer('m1', 'a');
    throttle.offer('m1', 'b');
    // When the subscriber leaves
    throttle.stop();
    advance(5_000);
    // Then the waiting change is dropped
    expect(pushes).toEqual([{ at: 0, values: ['a'] }]);
  });

  it('for any changes at any times: pushes are an interval apart, never empty, and each change reaches a push at or after it, within an interval', () => {
    const offers = fc.array(fc.record({ gap: fc.integer({ min: 0, max: 2_500 }), key: fc.constantFrom('a', 'b', 'c', 'd') }), { maxLength: 60 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000 }), offers, (interval, list) => {
        // Given a throttle, when rows change at the generated times (each value unique: key and offer time)
        const { throttle, advance, pushes } = given(interval);
        const sent: { at: number; key: string; value: string; pushed: number }[] = [];
        let at = 0;
        for (const { gap, key } of list) {
          advance(gap);
          at += gap;
          const value = `${key}@${at}#${sent.length}`;
          sent.push({ at, key, value, pushed: pushes.length });
          throttle.offer(key, value);
        }
        advance(interval + 1);
        // Then pushes are never empty, at least `interval` apart, and hold each key once
        for (const [i, push] of pushes.entries()) {
          expect(push.values.length).toBeGreaterThan(0);
          expect(new Set(push.values.map((v) => v.split('@')[0])).size).toBe(push.values.length);
          if (i > 0) expect(push.at - (pushes[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(interval);
        }
        // And every change is pushed by the first push after it holding its row (itself or a newer value of
        // the row), no later than an interval after it
        for (const change of sent) {
          const next = pushes.slice(change.pushed).find((p) => p.values.some((v) => v.startsWith(`${change.key}@`)));
          expect(next).toBeDefined();
          expect((next?.at ?? Infinity) - change.at).toBeLessThanOrEqual(interval);
          const pushedValue = next?.values.find((v) => v.startsWith(`${change.key}@`)) ?? '';
          expect(sent.findIndex((s) => s.value === pushedValue)).toBeGreaterThanOrEqual(sent.indexOf(change));
        }
      }),
      { numRuns: 300 },
    );
  });
});
