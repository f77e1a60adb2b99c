import { binomialTailAtLeast } from '@liars-dice/game-rules';
import fc from 'fast-check';
import { logBinomialAtLeast, logBinomialAtMost, logFisherCombined, logGamma, logPoissonAtLeast, logPoissonAtMost } from './tails';

describe('tail probabilities in log space', () => {
  it('agrees with the rules library’s binomial tail where both are accurate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.double({ min: 0.02, max: 0.98, noNaN: true }), (n, k, p) => {
        const at = Math.min(k, n);
        expect(Math.exp(logBinomialAtLeast(at, n, p))).toBeCloseTo(binomialTailAtLeast(at, n, p), 9);
      }),
    );
  });

  it('keeps tiny chances apart instead of rounding them to zero', () => {
    // Never calling in 300 chances at a 30 % rate: 0.7^300 ≈ 1e-46.5, far below what 1 − sum can show
    expect(logBinomialAtMost(0, 300, 0.3) / Math.LN10).toBeCloseTo(300 * Math.log10(0.7), 6);
    expect(logBinomialAtLeast(300, 300, 0.5) / Math.LN10).toBeCloseTo(300 * Math.log10(0.5), 6);
  });

  it('matches Γ on whole numbers and the Poisson sums done by hand', () => {
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(Math.exp(logPoissonAtMost(1, 2))).toBeCloseTo(3 * Math.exp(-2), 12);
    expect(Math.exp(logPoissonAtLeast(2, 2))).toBeCloseTo(1 - 3 * Math.exp(-2), 12);
    let upper = 0;
    for (let i = 12, term = (Math.exp(-0.5) * 0.5 ** 12) / 479001600; i < 40; term *= 0.5 / ++i) upper += term;
    expect(logPoissonAtLeast(12, 0.5)).toBeCloseTo(Math.log(upper), 10);
  });

  it('combines p-values as Fisher’s method does: one test is itself, two give x(1 − ln x)', () => {
    expect(logFisherCombined([Math.log(0.01)])).toBeCloseTo(Math.log(0.01), 12);
    const x = 0.02 * 0.5;
    expect(Math.exp(logFisherCombined([Math.log(0.02), Math.log(0.5)]))).toBeCloseTo(x * (1 - Math.log(x)), 12);
    expect(logFisherCombined([0, 0, 0])).toBe(0);
  });
});
