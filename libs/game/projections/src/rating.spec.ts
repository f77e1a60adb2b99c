import fc from 'fast-check';
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
