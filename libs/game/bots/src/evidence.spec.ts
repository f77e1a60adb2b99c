import type { Face } from '@liars-dice/game-rules';
import { PROFILES } from './levels';
import { beliefsOf, evidenceOf } from './evidence';
import { tableOf } from './table';
import { position } from './testing/position';

function meanFives(level: 'medium' | 'hard' | 'expert', bids: readonly (readonly [string, number, Face])[]): number {
  const { view, legal } = position({ ruleset: 'perudo', seats: [['ann', 5], ['bob', 5], ['me', 5]], mine: [2, 2, 3, 3, 4], bids: [...bids] });
  const table = tableOf(view, legal);
  const profile = PROFILES[level];
  const beliefs = beliefsOf(table, evidenceOf(table, profile.memory), profile.hands, new Map());
  return beliefs.mine(5).mean();
}

describe('bids as evidence about the bidders’ hands', () => {
  // Ten unseen dice, wild 1s: a third of them count for 5s on average.
  const prior = 10 / 3;

  it('given ann opened on 5s, then hard and expert expect more 5s than chance; medium, who reads no bids, does not', () => {
    const bids = [['ann', 2, 5], ['bob', 3, 3]] as const;
    expect(meanFives('medium', bids)).toBeCloseTo(prior, 6);
    expect(meanFives('hard', bids)).toBeGreaterThan(prior + 0.3);
    expect(meanFives('expert', bids)).toBeGreaterThan(prior + 0.3);
  });

  it('given ann bid 5s and then bob bid another face, then hard (only each bidder’s latest bid) remembers less than expert', () => {
    const bids = [['ann', 2, 5], ['bob', 3, 5], ['me', 4, 2], ['ann', 4, 3], ['bob', 5, 3]] as const;
    expect(meanFives('expert', bids)).toBeGreaterThan(meanFives('hard', bids));
  });
});
