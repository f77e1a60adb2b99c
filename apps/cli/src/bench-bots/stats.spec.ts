import { ladderPlan } from './plan';
import { Histogram, wilson } from './stats';

describe('ladder statistics', () => {
  it('given 60 wins in 100, then the Wilson 95 % interval is about 50.2 %–69.1 %', () => {
    const { rate, low, high } = wilson(60, 100);
    expect(rate).toBe(0.6);
    expect(low).toBeCloseTo(0.502, 3);
    expect(high).toBeCloseTo(0.691, 3);
  });

  it('given 1..1000 µs, then the histogram percentiles land within one 5 % bucket', () => {
    const h = new Histogram();
    for (let us = 1; us <= 1000; us++) h.add(us);
    expect(h.count).toBe(1000);
    expect(h.quantile(0.5)).toBeGreaterThanOrEqual(500);
    expect(h.quantile(0.5)).toBeLessThan(500 * 1.05);
    expect(h.quantile(0.99)).toBeGreaterThanOrEqual(990);
    expect(h.quantile(0.99)).toBeLessThan(990 * 1.05);
  });

  it('plans every pair heads-up and one-vs-three in each family, expert + 3 × medium included', () => {
    const plan = ladderPlan();
    expect(plan.filter((p) => p.table === 'heads-up')).toHaveLength(30);
    expect(plan.filter((p) => p.table === 'one-vs-three')).toHaveLength(30);
    expect(plan.map((p) => p.key)).toContain('perudo:one-vs-three:expert-medium');
  });
});
