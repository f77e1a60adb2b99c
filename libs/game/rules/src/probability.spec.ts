import { binomialExactly, binomialTailAtLeast, chanceAtLeast } from './probability';

describe('probability helper', () => {
  it.each`
    k     | n     | wild     | expected  | why
    ${0}  | ${10} | ${true}  | ${1}      | ${'at least none is certain'}
    ${11} | ${10} | ${true}  | ${0}      | ${'more than the dice is impossible'}
    ${1}  | ${1}  | ${false} | ${1 / 6}  | ${'one die, one face'}
    ${1}  | ${1}  | ${true}  | ${1 / 3}  | ${'one die, the face or a wild 1'}
    ${2}  | ${2}  | ${false} | ${1 / 36} | ${'both dice'}
    ${1}  | ${2}  | ${false} | ${11 / 36} | ${'at least one of two'}
  `('P(at least $k of $n, wild $wild) = $expected — $why', ({ k, n, wild, expected }) => {
    expect(chanceAtLeast(k, n, wild)).toBeCloseTo(expected, 12);
  });

  it('matches the sum of exact terms', () => {
    for (const n of [5, 15, 30]) {
      for (let k = 0; k <= n; k++) {
        let sum = 0;
        for (let j = k; j <= n; j++) sum += binomialExactly(j, n, 1 / 3);
        expect(binomialTailAtLeast(k, n, 1 / 3)).toBeCloseTo(sum, 10);
      }
    }
  });

  it('puts about a third of unseen dice on any face with wild 1s (seed 001: 15 hidden dice → about 5)', () => {
    expect(chanceAtLeast(5, 15, true)).toBeGreaterThan(0.5);
    expect(chanceAtLeast(8, 15, true)).toBeLessThan(0.1);
  });
});
