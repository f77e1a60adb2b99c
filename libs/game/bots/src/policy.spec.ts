import type { Action } from '@liars-dice/game-rules';
import { createRng } from './rng';
import { type BotKind, POLICIES, STRATEGIES } from './strategy';
import { position, type PositionSpec } from './testing/position';

const SAMPLES = 3000;
const KINDS: readonly BotKind[] = ['random', 'easy', 'medium', 'hard', 'expert'];

const POSITIONS: Readonly<Record<string, PositionSpec>> = {
  'classic opening, 5 v 5': { ruleset: 'classic', mine: [2, 2, 5, 1, 6] },
  'perudo, a bid to answer': { ruleset: 'perudo', mine: [3, 3, 1, 6, 2], bids: [['ann', 4, 3]] },
  'perudo heads-up 2 v 2, after two bids': {
    ruleset: 'perudo',
    mine: [4, 1],
    seats: [['ann', 2], ['me', 2]],
    bids: [['ann', 1, 4], ['me', 1, 5], ['ann', 2, 5]],
  },
  'revolver, a close call': { ruleset: 'revolver', mine: [5, 5, 2, 3, 4], seats: [['ann', 5, 2], ['me', 5, 1]], bids: [['ann', 4, 5]] },
  'classic without wild 1s, 1 v 2': { ruleset: 'classic', options: { wildOnes: false }, mine: [6], seats: [['ann', 2], ['me', 1]], bids: [['ann', 1, 6]] },
};

function key(action: Action): string {
  return action.type === 'bid' ? `${action.quantity}x${action.face}` : action.type;
}

describe.each(KINDS)('%s: the exact policy', (kind) => {
  it.each(Object.keys(POSITIONS))('given %s, when sampled, then the strategy’s frequencies match the policy', (name) => {
    // Given
    const { view, legal } = position(POSITIONS[name] as PositionSpec);
    const policy = POLICIES[kind](view, legal);
    // When
    const counts = new Map<string, number>();
    const rng = createRng(`policy|${kind}|${name}`);
    for (let i = 0; i < SAMPLES; i++) {
      const action = STRATEGIES[kind](view, legal, rng);
      counts.set(key(action), (counts.get(key(action)) ?? 0) + 1);
    }
    // Then: a proper distribution, and every action's frequency within 4.5 standard errors of its chance.
    expect(policy.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    legal.forEach((action, i) => {
      const p = policy[i] as number;
      const seen = (counts.get(key(action)) ?? 0) / SAMPLES;
      const spread = Math.sqrt((p * (1 - p)) / SAMPLES);
      expect(Math.abs(seen - p)).toBeLessThanOrEqual(4.5 * spread + 1e-9 + (p < 1e-6 ? 1 / SAMPLES : 0));
    });
  });
});
