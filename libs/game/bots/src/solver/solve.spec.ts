import { exploitability } from './best-response';
import { exactWorth, roundGame, roundSpec } from './heads-up';
import { LevelStrategy } from './path-strategies';
import { encodeMeasured, EXPERT_FALLBACK, solveRound, DEFAULT_SETTINGS } from './solve';

describe('a correct spot-on’s worth (the terminal value from the placement model)', () => {
  // Heads-up, the placement model gives a dice stack of a the chance a^1.6 / (a^1.6 + b^1.6) of the match.
  const p = (a: number, b: number) => (a === 0 ? 0 : b === 0 ? 1 : a ** 1.6 / (a ** 1.6 + b ** 1.6));

  it('given 1 v 2, then regaining a die is worth a whole round to the single die', () => {
    // Regaining (2 v 2) is as good as winning (1 v 1); losing (0 v 2) is 0.
    expect(exactWorth(1, 2, 5)).toBeCloseTo((p(2, 2) - 0) / (p(1, 1) - 0), 12);
    expect(exactWorth(1, 2, 5)).toBeCloseTo(1, 12);
  });

  it('given 2 v 1, then it is worth about 0.71 of a round to the pair', () => {
    expect(exactWorth(2, 1, 5)).toBeCloseTo((p(3, 1) - p(1, 1)) / (p(2, 0) - p(1, 1)), 12);
    expect(exactWorth(2, 1, 5)).toBeCloseTo(0.706, 3);
  });

  it('given a caller already at the starting dice, then there is nothing to regain', () => {
    // 5 v 2 regains nothing above the start: worth (P(5,2) − P(4,2)) / (P(5,1) − P(4,2)).
    expect(exactWorth(5, 2, 5)).toBeCloseTo((p(5, 2) - p(4, 2)) / (p(5, 1) - p(4, 2)), 12);
  });
});

describe('solving a small round', () => {
  it('given perudo’s 1 v 1 with wild 1s and spot-on, when solved with 100 iterations, then what is stored is far less exploitable than the heuristic expert', () => {
    // Given
    const game = roundGame(roundSpec({ ones: 'wild', spotOn: true, faceLock: false }, [1, 1], 5));
    // When
    const solved = solveRound(game, { ...DEFAULT_SETTINGS, iterations: 100 }, () => 0);
    const { exploitability: stored } = encodeMeasured('wild+spot-on 1v1', solved);
    // Then
    expect(stored).toBeGreaterThanOrEqual(-1e-9);
    expect(stored).toBeLessThan(0.005);
    expect(exploitability(game, new LevelStrategy(game, EXPERT_FALLBACK))).toBeGreaterThan(0.05);
  });
});
