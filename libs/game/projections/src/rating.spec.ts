import fc from 'fast-check';
import { rate, rating } from 'openskill';
import { displayRating, NEW_PLAYER, type PlayerRating, rankedResult, rateResult, recomputeLadder, type RankedResult } from './rating';
import { playedMatch } from './testing/sample-matches';
import { factsOf } from './testing/fold';

const result = (matchId: string, placements: string[][]): RankedResult => ({ matchId, family: 'perudo', at: 0, placements });

describe('ranked rating', () => {
  it('given a newcomer, then the displayed rating is 1500', () => {
    expect(displayRating(NEW_PLAYER)).toBe(1500);
  });

  it('given a three-player result, then the winner gains, the last loses, and each has one match', () => {
    const changes = rateResult(() => undefined, result('m', [['a'], ['b'], ['c']]));
    const [a, b, c] = changes;
    expect(a?.after.mu).toBeGreaterThan(NEW_PLAYER.mu);
    expect(c?.after.mu).toBeLessThan(NEW_PLAYER.mu);
    expect(b?.place).toBe(2);
    expect(changes.every((x) => x.after.matches === 1)).toBe(true);
  });

  it('given a simultaneous elimination, then the tied players share a place and rating', () => {
    const [, b, c] = rateResult(() => undefined, result('m', [['a'], ['b', 'c']]));
    expect(b?.place).toBe(2);
    expect(c?.place).toBe(2);
    expect(b?.after).toEqual(c?.after);
  });

  it('given a hand-built ladder with a tie and a voided match, then the ratings are the ones openskill computes directly', () => {
    // Given four results; m3 is voided, so the ladder is built from m1, m2 and m4 only.
    const m1 = result('m1', [['a'], ['b'], ['c']]);
    const m2 = result('m2', [['b'], ['a', 'c']]);
    const m3 = result('m3', [['c'], ['d'], ['a']]);
    const m4 = result('m4', [['d'], ['a'], ['b'], ['c']]);
    // When the ladder is recomputed without the voided match
    const ladder = recomputeLadder([m1, m2, m4]);
    // Then it holds openskill's own numbers for that sequence (Plackett–Luce, one-player teams, a tie shares rank 2),
    let [a, b, c, d] = [rating(), rating(), rating(), rating()];
    [[a], [b], [c]] = rate([[a], [b], [c]], { rank: [1, 2, 3] }) as [[typeof a], [typeof b], [typeof c]];
    [[b], [a], [c]] = rate([[b], [a], [c]], { rank: [1, 2, 2] }) as [[typeof b], [typeof a], [typeof c]];
    [[d], [a], [b], [c]] = rate([[d], [a], [b], [c]], { rank: [1, 2, 3, 4] }) as [[typeof d], [typeof a], [typeof b], [typeof c]];
    const direct = { a, b, c, d };
    // which are, written out (openskill 5.0.1): mu, sigma, matches, displayed rating
    const expected = {
      a: [27.146759, 7.784667, 3, 1728],
      b: [27.365907, 7.701712, 3, 1756],
      c: [17.866511, 7.633894, 3, 1198],
      d: [27.895133, 8.257072, 1, 1687],
    } as const;
    for (const [account, [mu, sigma, matches, shown]] of Object.entries(expected)) {
      const got = ladder.ratings.get(account);
      expect({ account, mu: got?.mu, sigma: got?.sigma }).toEqual({ account, mu: direct[account as keyof typeof direct].mu, sigma: direct[account as keyof typeof direct].sigma });
      expect(got?.mu).toBeCloseTo(mu, 6);
      expect(got?.sigma).toBeCloseTo(sigma, 6);
      expect(got?.matches).toBe(matches);
      expect(got && displayRating(got)).toBe(shown);
    }
    expect(ladder.history.filter((h) => h.account === 'a').map((h) => [h.matchId, h.place])).toEqual([['m1', 1], ['m2', 2], ['m4', 2]]);
    // and the voided match really is out: with it, d's rating is not the same.
    expect(recomputeLadder([m1, m2, m3, m4]).ratings.get('d')?.mu).not.toBeCloseTo(expected.d[0], 3);
  });

  it('given a finished ranked match, then its result maps seats to accounts by final placement', () => {
    const events = playedMatch({ matchId: 'r', accounts: ['ann', 'bob', 'cy'], ranked: true, seed: 4 });
    const facts = factsOf(events);
    if (!facts?.placements) throw new Error('the match did not finish');
    const ranked = rankedResult(facts, facts.placements, 0);
    expect(ranked?.placements.flat().sort()).toEqual(['ann', 'bob', 'cy']);
    expect(rankedResult({ ...facts, ranked: false }, facts.placements, 0)).toBeNull();
    expect(rankedResult({ ...facts, kind: 'practice' }, facts.placements, 0)).toBeNull();
  });

  it('property: rating results one by one (as the live projection does) equals recomputing the ladder', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const arbResult = fc.shuffledSubarray(players, { minLength: 2 }).chain((ps) =>
      fc.array(fc.boolean(), { minLength: ps.length, maxLength: ps.length }).map((ties) => {
        const groups: string[][] = [];
        ps.forEach((p, i) => (i > 0 && ties[i] ? groups[groups.length - 1]?.push(p) : groups.push([p])));
        return groups;
      }),
    );
    fc.assert(
      fc.property(fc.array(arbResult, { minLength: 1, maxLength: 12 }), (placements) => {
        const results = placements.map((p, i) => result(`m${i}`, p));
        const live = new Map<string, PlayerRating>();
        for (const r of results) for (const change of rateResult((a) => live.get(a), r)) live.set(change.account, change.after);
        const ladder = recomputeLadder(results);
        expect(new Map(ladder.ratings)).toEqual(live);
        expect(ladder.history).toHaveLength(placements.flat(2).length);
        for (const [, r] of live) expect(r.sigma).toBeLessThan(NEW_PLAYER.sigma);
      }),
      { numRuns: 60 },
    );
  });
});
