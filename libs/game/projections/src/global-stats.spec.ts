import { sumCounters } from './counters';
import { globalStatDeltas } from './global-stats';
import { tutorialDeltas } from './tutorial';
import { playedMatch } from './testing/sample-matches';
import { bid, liar, roll, scripted } from './testing/scripted';
import { deltasOf } from './testing/fold';

describe('global stats', () => {
  it('given an opening bid that the table backs, when liar is called, then the opening bid held', () => {
    const events = scripted({ matchId: 'g', accounts: ['ann', 'bob'], ranked: true }, [roll({ s1: [1, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), liar('s2')]);
    const rows = sumCounters(deltasOf(events, globalStatDeltas));
    expect(rows.get('perudo|2')).toEqual({ rounds: 1, openingBids: 1, openingBidsHeld: 1, liarCalls: 1 });
    expect(rows.get('all|all')).toEqual(rows.get('perudo|2'));
  });

  it('given a finished match, then it counts once per table size, family and overall', () => {
    const rows = sumCounters(deltasOf(playedMatch({ matchId: 'g2', accounts: ['a', null, null], ruleset: 'classic', ranked: true, seed: 9 }), globalStatDeltas));
    expect(rows.get('classic|3')?.['matches']).toBe(1);
    expect(rows.get('classic|all')?.['matches']).toBe(1);
    expect(rows.get('all|all')?.['matches']).toBe(1);
    expect(rows.get('classic|3')?.['openingBidsHeld'] ?? 0).toBeLessThanOrEqual(rows.get('classic|3')?.['openingBids'] ?? 0);
  });

  it('given a tutorial match, then global stats stay empty and tutorial progress counts it', () => {
    const events = playedMatch({ matchId: 't', accounts: ['ann', null], kind: 'tutorial', ruleset: 'classic', seed: 2 });
    expect(deltasOf(events, globalStatDeltas)).toEqual([]);
    const progress = sumCounters(deltasOf(events, tutorialDeltas)).get('ann|classic');
    expect(progress).toMatchObject({ started: 1, finished: 1 });
    expect(progress?.['rounds']).toBeGreaterThan(0);
  });

  it('given a regular match, then tutorial progress is untouched', () => {
    expect(deltasOf(playedMatch({ matchId: 'r', accounts: ['ann', null], seed: 2 }), tutorialDeltas)).toEqual([]);
  });
});
