import fc from 'fast-check';
import { sumCounters } from './counters';
import { playerStatDeltas } from './player-stats';
import { playedMatch } from './testing/sample-matches';
import { globalStatDeltas } from './global-stats';
import { bid, liar, roll, scripted, spotOn } from './testing/scripted';
import { deltasOf } from './testing/fold';
import { tutorialDeltas } from './tutorial';

const table = { matchId: 'm1', accounts: ['ann', 'bob'], ranked: true };

describe('player stats', () => {
  it('given a bid with no own support, when bob calls liar and the bid fails, then ann bluffed and bob won the challenge', () => {
    // ann holds no 5 and no 1: her 2×5 is a bluff; the table holds only one 5, so the bid fails.
    const events = scripted(table, [roll({ s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), liar('s2')]);
    const rows = sumCounters(deltasOf(events, playerStatDeltas));
    expect(rows.get('ann|perudo')).toEqual({ bids: 1, bluffs: 1, bidsChallenged: 1, bluffsChallenged: 1, bluffsCaught: 1, diceLost: 1 });
    expect(rows.get('bob|perudo')).toEqual({ challenges: 1, challengesWon: 1 });
    expect(rows.get('ann|all')).toEqual(rows.get('ann|perudo'));
  });

  it('given a bid backed by a wild 1, when it is challenged and holds, then it is no bluff and was held', () => {
    const events = scripted(table, [roll({ s1: [1, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), liar('s2')]);
    const rows = sumCounters(deltasOf(events, playerStatDeltas));
    expect(rows.get('ann|perudo')).toEqual({ bids: 1, bidsChallenged: 1, bidsHeld: 1 });
    expect(rows.get('bob|perudo')).toEqual({ challenges: 1, diceLost: 1 });
  });

  it('given a bluff that the table happens to back, when it is challenged, then it was challenged but not caught', () => {
    // ann holds no 6 and no 1, but bob holds three 6s: her 2×6 is a bluff that holds.
    const events = scripted(table, [roll({ s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 6), liar('s2')]);
    expect(sumCounters(deltasOf(events, playerStatDeltas)).get('ann|perudo')).toEqual({ bids: 1, bluffs: 1, bidsChallenged: 1, bidsHeld: 1, bluffsChallenged: 1 });
  });

  it('given a finished match, then each place is counted by table size and by their place in the first turn order', () => {
    const events = playedMatch({ matchId: 'm3', accounts: ['ann', 'bob', 'cid'], ranked: true, seed: 4 });
    const rows = sumCounters(deltasOf(events, playerStatDeltas));
    const finished = events.at(-1)?.event;
    if (finished?.type !== 'MatchFinished') throw new Error('the sample match did not finish');
    const winner = { s1: 'ann', s2: 'bob', s3: 'cid' }[finished.data.winner as 's1' | 's2' | 's3'];
    // The sample match's starter is s1: ann opens, bob acts second, cid third.
    expect(rows.get(`${winner}|perudo`)).toMatchObject({ 'size:3:place:1': 1, [`seat:${['ann', 'bob', 'cid'].indexOf(winner) + 1}:wins`]: 1 });
    for (const [i, name] of ['ann', 'bob', 'cid'].entries()) {
      const row = rows.get(`${name}|perudo`) ?? {};
      expect(row[`seat:${i + 1}:matches`]).toBe(1);
      expect(row[`seat:${i + 1}:placeSum`]).toBe(row['placeSum']);
    }
  });

  it('given a spot-on call that is exact, then the caller has one correct spot-on', () => {
    const events = scripted(table, [roll({ s1: [1, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), spotOn('s2')]);
    expect(sumCounters(deltasOf(events, playerStatDeltas)).get('bob|perudo')).toEqual({ spotOnCalls: 1, spotOnCorrect: 1 });
  });

  it('given CPU seats, then only humans get rows', () => {
    const events = playedMatch({ matchId: 'm2', accounts: ['ann', null, null], ranked: true, seed: 3 });
    const keys = [...sumCounters(deltasOf(events, playerStatDeltas)).keys()];
    expect(keys.sort()).toEqual(['ann|all', 'ann|perudo']);
  });

  it('given unranked, practice and tutorial matches, then no regular statistic changes (rules.md §10)', () => {
    for (const kind of ['practice', 'tutorial'] as const) {
      const events = playedMatch({ matchId: kind, accounts: ['ann', 'bob'], kind, ranked: true, seed: 5 });
      expect(deltasOf(events, playerStatDeltas)).toEqual([]);
    }
    expect(deltasOf(playedMatch({ matchId: 'casual', accounts: ['ann', 'bob'], seed: 5 }), playerStatDeltas)).toEqual([]);
    expect(deltasOf(playedMatch({ matchId: 'casual', accounts: ['ann', 'bob'], seed: 5 }), globalStatDeltas)).toEqual([]);
  });

  it('property: every finished match gives each human one match, one placement, and exactly one winner among them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 6 }), fc.constantFrom('classic', 'perudo', 'revolver' as const), (seed, n, ruleset) => {
        const accounts = Array.from({ length: n }, (_, i) => `p${i}`);
        const rows = sumCounters(deltasOf(playedMatch({ matchId: 'x', accounts, ruleset, ranked: true, seed }), playerStatDeltas));
        const overall = accounts.map((a) => rows.get(`${a}|all`) ?? {});
        expect(overall.every((r) => r['matches'] === 1)).toBe(true);
        expect(overall.reduce((sum, r) => sum + (r['wins'] ?? 0), 0)).toBe(1);
        const places = overall.map((r) => [1, 2, 3, 4, 5, 6].reduce((s, p) => s + (r[`place${p}`] ?? 0), 0));
        expect(places.every((p) => p === 1)).toBe(true);
        for (const r of overall) expect(r['bluffs'] ?? 0).toBeLessThanOrEqual(r['bids'] ?? 0);
      }),
      { numRuns: 40 },
    );
  });

  it('given a ranked round still bidding, then bids and bluffs wait for the reveal (the bluff rate must not tell who holds the face)', () => {
    const bidding = scripted(table, [roll({ s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), bid('s2', 3, 6)]);
    expect(sumCounters(deltasOf(bidding, playerStatDeltas)).get('ann|perudo')).toBeUndefined();
    const revealed = scripted(table, [roll({ s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] }), bid('s1', 2, 5), bid('s2', 3, 6), liar('s1')]);
    const rows = sumCounters(deltasOf(revealed, playerStatDeltas));
    expect(rows.get('ann|perudo')).toMatchObject({ bids: 1, bluffs: 1 });
    expect(rows.get('bob|perudo')).toMatchObject({ bids: 1 });
  });

  it('property: until a round is revealed, no public counter depends on its hidden hands', () => {
    const hand = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 });
    const face = fc.integer({ min: 2, max: 6 });
    fc.assert(
      fc.property(hand, hand, hand, hand, fc.array(face, { minLength: 1, maxLength: 6 }), (a1, b1, a2, b2, faces) => {
        const bids = faces.map((f, i) => bid(i % 2 === 0 ? 's1' : 's2', i + 1, f));
        const counters = (dice: Record<string, number[]>) => {
          const events = scripted(table, [roll(dice), ...bids]);
          return [playerStatDeltas, globalStatDeltas, tutorialDeltas].map((reducer) => [...sumCounters(deltasOf(events, reducer)).entries()]);
        };
        expect(counters({ s1: a1, s2: b1 })).toEqual(counters({ s1: a2, s2: b2 }));
      }),
      { numRuns: 100 },
    );
  });
});
