import { filerAccuracy, type QueueInputs, queueScore } from './queue-score';

const HOUR = 3_600_000;
const player = (upheld = 0, dismissed = 0) => ({ capacity: 'player' as const, upheld, dismissed });
const base: QueueInputs = { openedAt: 0, now: 0, filers: [player()], categories: ['other'], live: false, suspicion: 0 };

describe('the dispute queue’s score (docs/moderation.md)', () => {
  it.each`
    change                                                       | score   | why
    ${{}}                                                        | ${10}   | ${'a fresh dispute by a newcomer: the base'}
    ${{ now: 8 * HOUR }}                                         | ${20}   | ${'+1.25 an hour waiting'}
    ${{ now: 100 * HOUR }}                                       | ${40}   | ${'age counts up to 30'}
    ${{ filers: [player(), player(), player()] }}                | ${40}   | ${'+15 for each player filer past the first'}
    ${{ filers: [player(), player(), player(), player(), player()] }} | ${40} | ${'filers count up to 30'}
    ${{ filers: [player(8, 0)] }}                                | ${14}   | ${'a filer whose disputes were upheld: accuracy 0.9'}
    ${{ filers: [player(0, 8)] }}                                | ${6}    | ${'a filer whose disputes were dismissed: accuracy 0.1'}
    ${{ filers: [{ capacity: 'moderator', upheld: 0, dismissed: 0 }] }} | ${30} | ${'+20 when a moderator filed it'}
    ${{ suspicion: 8 }}                                          | ${34}   | ${'+3 × the pair suspicion: a pair at the threshold adds 24'}
    ${{ suspicion: 90 }}                                         | ${40}   | ${'the signal counts up to 30'}
    ${{ live: true }}                                            | ${20}   | ${'+10: a live match is held out of the ratings'}
    ${{ categories: ['misrule', 'collusion'] }}                  | ${15}   | ${'+5: a misrule may touch other matches'}
  `('$change → $score — $why', ({ change, score }) => {
    expect(queueScore({ ...base, ...change }).score).toBe(score);
  });

  it('shows each term; the worst record takes at most half the base', () => {
    const result = queueScore({ ...base, now: 2 * HOUR, filers: [player(1, 0), player(0, 1)], live: true, suspicion: 2 });
    expect(result.parts).toEqual({ base: 10, age: 2.5, filers: 15, moderator: 0, record: 0, signal: 6, live: 10, misrule: 0 });
    expect(result.score).toBe(43.5);
    expect(queueScore({ ...base, filers: [player(0, 1000)] }).score).toBe(5);
  });

  it('trusts a newcomer half-way and moves with every decided dispute', () => {
    expect(filerAccuracy({ upheld: 0, dismissed: 0 })).toBe(0.5);
    expect(filerAccuracy({ upheld: 3, dismissed: 1 })).toBeCloseTo(4 / 6, 12);
  });
});
