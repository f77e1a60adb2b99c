import { chanceAtLeast } from '@liars-dice/game-rules';
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
    // 10 dice on the table, 1s wild: a 2×5 holds given nothing with chance 1 − P[fewer than 2 of 10 at 1/3] ≈ 0.896.
    const chance = chanceAtLeast(2, 10, true);
    expect(chance).toBeCloseTo(0.896, 3);
    expect(rows.get('perudo|2')).toEqual({ rounds: 1, openingBids: 1, openingBidsHeld: 1, liarCalls: 1, 'bidFace:5': 1, 'calls:8': 1, 'callChance:8': Math.round(chance * 1_000_000), 'roundBids:1': 1, 'roundSeconds:0': 1 });
    expect(rows.get('all|all')).toEqual(rows.get('perudo|2'));
  });

  it('given a bid on 1s called and failing, then it is judged without wild 1s and the caller was right', () => {
    // bob goes to 1s: 2×1 on 10 dice at 1/6 holds with P[at least 2] ≈ 0.515 (bin 5); the table holds a single 1.
    const events = scripted({ matchId: 'g1', accounts: ['ann', 'bob'], ranked: true }, [roll({ s1: [1, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), bid('s2', 2, 1), liar('s1')]);
    const row = sumCounters(deltasOf(events, globalStatDeltas)).get('perudo|2');
    expect(row).toMatchObject({ 'bidFace:1': 1, 'calls:5': 1, 'callsRight:5': 1, liarCallsRight: 1, 'roundBids:2': 1 });
    expect(row?.['callChance:5']).toBe(Math.round(chanceAtLeast(2, 10, false) * 1_000_000));
  });

  it('given a finished match, then its length, each round length and the winning seat place in the first turn order are counted', () => {
    const events = playedMatch({ matchId: 'g3', accounts: ['a', 'b', 'c'], ruleset: 'perudo', ranked: true, seed: 11 });
    const row = sumCounters(deltasOf(events, globalStatDeltas)).get('perudo|3') ?? {};
    const sum = (prefix: string) => Object.entries(row).filter(([field]) => field.startsWith(prefix)).reduce((total, [, value]) => total + value, 0);
    expect(sum('matchRounds:')).toBe(1);
    expect(sum('matchMinutes:')).toBe(1);
    // Every round is counted once when it ends: rounds started equal rounds measured.
    expect(sum('roundBids:')).toBe(row['rounds']);
    expect(sum('roundSeconds:')).toBe(row['rounds']);
    expect(row[`matchRounds:${row['rounds']}`]).toBe(1);
    expect(sum('bidFace:')).toBe(events.filter((e) => e.event.type === 'BidPlaced').length);
    expect([1, 2, 3].map((k) => row[`position:${k}:wins`] ?? 0).reduce((a, b) => a + b)).toBe(1);
    expect([1, 2, 3].map((k) => row[`position:${k}:matches`])).toEqual([1, 1, 1]);
    // Every seat's place is counted at its position: the positions' place sums add up to the placements'.
    const finished = events.at(-1)?.event;
    if (finished?.type !== 'MatchFinished') throw new Error('the sample match did not finish');
    const places = finished.data.placements.reduce<{ place: number; sum: number }>((acc, group) => ({ place: acc.place + group.length, sum: acc.sum + acc.place * group.length }), { place: 1, sum: 0 });
    expect([1, 2, 3].map((k) => row[`position:${k}:placeSum`] ?? 0).reduce((a, b) => a + b)).toBe(places.sum);
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
