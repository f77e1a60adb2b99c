import { stakesOf } from './placement';
import { tableOf } from './table';
import { position, type PositionSpec } from './testing/position';

function stakes(spec: PositionSpec) {
  const { view, legal } = position(spec);
  return stakesOf(tableOf(view, legal), 1.6);
}

describe('what an outcome is worth for my final placement', () => {
  it('counts my own penalty as −1 in every family', () => {
    for (const ruleset of ['classic', 'perudo', 'revolver'] as const) {
      expect(stakes({ ruleset, mine: [2, 3, 4, 5, 6], bids: [['ann', 1, 2]] }).meLoses).toBeCloseTo(-1, 9);
    }
  });

  it('given ann on her last die, then her losing is worth more than when she holds five', () => {
    const last = stakes({ ruleset: 'classic', seats: [['ann', 1], ['me', 3], ['cyd', 3]], mine: [2, 3, 4], bids: [['cyd', 1, 2], ['ann', 2, 2]], starter: 'cyd' });
    const full = stakes({ ruleset: 'classic', seats: [['ann', 5], ['me', 3], ['cyd', 3]], mine: [2, 3, 4], bids: [['cyd', 1, 2], ['ann', 2, 2]], starter: 'cyd' });
    expect(last.loses('ann')).toBeGreaterThan(full.loses('ann'));
  });

  it('given revolvers, then bullets change what a challenge is worth: an exact call against full guns kills, and a hit on a near-dead rival less than on an even one', () => {
    const at = (bullets: number) =>
      stakes({ ruleset: 'revolver', seats: [['ann', 5, bullets], ['me', 5, 1], ['cyd', 5, bullets]], mine: [2, 3, 4, 5, 6], bids: [['cyd', 1, 2], ['ann', 2, 2]], starter: 'cyd' });
    // A rival with four bullets is likely out soon anyway; with my one bullet, a rival with one is my equal.
    expect(at(4).loses('cyd')).toBeLessThan(at(1).loses('cyd'));
    // With five bullets loaded, the sixth makes every shot fatal: an exact call is worth both rivals' elimination.
    expect(at(5).exactWin).toBeCloseTo(at(5).loses('ann') + at(5).loses('cyd'), 9);
  });

  it('given my own revolver at four bullets, then a win over the bidder weighs more against my own (nearly fatal) loss than with an empty gun', () => {
    const mineAt = (bullets: number) => stakes({ ruleset: 'revolver', seats: [['ann', 5, 0], ['me', 5, bullets]], mine: [2, 3, 4, 5, 6], bids: [['ann', 1, 2]] });
    expect(mineAt(4).loses('ann')).toBeGreaterThan(mineAt(0).loses('ann'));
    expect(mineAt(0).loses('ann')).not.toBeCloseTo(mineAt(4).loses('ann'), 2);
  });
});
