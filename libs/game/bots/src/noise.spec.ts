import { noisyArgmax, normalCdf } from './noise';

describe('normalCdf', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-2, 0.022750131948179195],
    [-5, 2.866515718791939e-7],
    [-8, 6.22096057427178e-16],
    [3.5, 0.9997673709209645],
  ])('given x = %p, then Φ(x) = %p (absolute error below 1e-15, relative below 1e-7)', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-15 + 1e-7 * expected);
  });
});

describe('noisyArgmax', () => {
  it('given two options, then the better one wins with Φ(gap / (σ√2)) (the difference of two noises has spread σ√2)', () => {
    const [a, b] = noisyArgmax([0.3, 0.1], 0.25);
    expect(a).toBeCloseTo(normalCdf(0.2 / (0.25 * Math.SQRT2)), 12);
    expect(b).toBeCloseTo(1 - (a as number), 12);
  });

  it('given equal worths, then each wins equally often; given no noise, the best always wins', () => {
    for (const p of noisyArgmax([1, 1, 1, 1], 0.3)) expect(p).toBeCloseTo(0.25, 12);
    expect(noisyArgmax([0.1, 0.5, 0.2], 0)).toEqual([0, 1, 0]);
  });

  it('given options far behind the best, then their chance is 0 and the rest still sums to 1', () => {
    const chances = noisyArgmax([0, 5, 4.99, -3], 0.01);
    expect(chances[0]).toBe(0);
    expect(chances[3]).toBe(0);
    expect((chances[1] as number) + (chances[2] as number)).toBeCloseTo(1, 12);
    expect(chances[1]).toBeCloseTo(normalCdf(0.01 / (0.01 * Math.SQRT2)), 10);
  });
});
