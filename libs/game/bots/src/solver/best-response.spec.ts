import { createRng } from '../rng';
import { bestResponseValue, exploitability, type FixedStrategy, graphStrategy } from './best-response';
import { CfrSolver } from './cfr';
import { roundSpec } from './heads-up';
import { Layout } from './layout';
import { recallGraph } from './recall-graph';
import { RoundGame, type Seat } from './round-game';

/**
 * A best response written the slow, obvious way, as an independent check: every history, every pair of
 * hands, payoffs from `RoundGame.payoff`, the fixed seat's chances asked afresh at every node.
 */
function referenceBestResponse(game: RoundGame, strategy: Float64Array, layout: Layout, seat: Seat): number {
  const other: Seat = seat === 0 ? 1 : 0;
  const theirs = game.hands[other];
  // value(n, claims, h, reach): Σ_y P(y) · reach[y] · payoff to `seat`, the responder holding h and choosing best.
  const value = (n: number, last: number, h: number, reach: readonly number[]): number => {
    const toAct = layout.seat[n] as Seat;
    const actions = game.actionsAfter(toAct, last);
    const outcome = (a: number, r: readonly number[]): number => {
      const action = actions[a] as number;
      if (action >= 0) return value(layout.child[(layout.first[n] as number) + a] as number, action, h, r);
      return theirs.reduce((sum, hand, y) => {
        const pair: [number, number] = seat === 0 ? [h, y] : [y, h];
        const p = game.payoff(action, toAct, last, pair);
        return sum + hand.chance * (r[y] as number) * (seat === 0 ? p : 1 - p);
      }, 0);
    };
    if (toAct === seat) return Math.max(...actions.map((_, a) => outcome(a, reach)));
    let total = 0;
    actions.forEach((_, a) => {
      const r = reach.map((p, y) => p * (strategy[(layout.slot[n] as number) + y * actions.length + a] as number));
      if (r.some((p) => p > 0)) total += outcome(a, r);
    });
    return total;
  };
  return game.hands[seat].reduce((sum, hand, h) => sum + hand.chance * value(0, -1, h, theirs.map(() => 1)), 0);
}

function randomStrategy(layout: Layout, seed: string): Float64Array {
  const rng = createRng(seed);
  const out = new Float64Array(layout.size);
  for (let n = 0; n < layout.nodeCount; n++) {
    const count = layout.actionCount(n);
    for (let at = layout.slot[n] as number; at < (layout.slot[n + 1] as number); at += count) {
      // Sparse on purpose: zero chances exercise the pruning.
      const weights = Array.from({ length: count }, () => (rng.next() < 0.4 ? 0 : rng.next()));
      const sum = weights.reduce((a, b) => a + b, 0) || 1;
      weights.forEach((w, a) => (out[at + a] = sum === 1 && w === 0 ? (a === 0 ? 1 : 0) : w / sum));
    }
  }
  return out;
}

describe('the exact best response', () => {
  const cases = [
    ['wild 1v1', roundSpec({ ones: 'wild', spotOn: false, faceLock: false }, [1, 1], 5)],
    ['plain+spot-on 1v1', roundSpec({ ones: 'plain', spotOn: true, faceLock: false }, [1, 1], 5)],
    ['barred+spot-on 1v1 (the revolver’s rules)', { ...roundSpec({ ones: 'barred', spotOn: true, faceLock: false }, [1, 1], 5), exact: [0.8, 0.6] as const }],
    ['plain+face-lock 1v2 (palifico)', roundSpec({ ones: 'plain', spotOn: false, faceLock: true }, [1, 2], 5)],
  ] as const;

  it.each(cases)('given %s and random strategies, when computed, then it equals the slow reference for both seats', (_, spec) => {
    const game = new RoundGame(spec);
    const layout = new Layout(game, recallGraph(game, 3));
    for (const seed of ['a', 'b']) {
      const strategy = randomStrategy(layout, seed);
      for (const seat of [0, 1] as const) {
        expect(bestResponseValue(game, graphStrategy(layout, strategy), seat)).toBeCloseTo(referenceBestResponse(game, strategy, layout, seat), 10);
      }
    }
  });

  it('given a strategy, then its exploitability is never negative; given CFR+ on 1 v 1 with full recall, then it falls to about zero', () => {
    const game = new RoundGame(roundSpec({ ones: 'wild', spotOn: false, faceLock: false }, [1, 1], 5));
    const layout = new Layout(game, recallGraph(game, game.claims.length));
    const uniform: FixedStrategy = graphStrategy(layout, layout.uniform());
    expect(exploitability(game, uniform)).toBeGreaterThan(0.3);
    const solver = new CfrSolver(layout);
    solver.run(120);
    const solved = exploitability(game, graphStrategy(layout, solver.strategy()));
    expect(solved).toBeGreaterThanOrEqual(-1e-9);
    expect(solved).toBeLessThan(5e-4);
  });
});
