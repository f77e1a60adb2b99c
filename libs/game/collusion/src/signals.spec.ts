import { createRng } from '@liars-dice/game-bots';
import fc from 'fast-check';
import type { PairCounts } from './counts';
import type { MatchEvidence } from './evidence';
import { CollusionLedger } from './ledger';
import { pairSignals, rankPairs, SUSPICION_THRESHOLD } from './signals';

const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];

/** Answers over `n` opportunities at fixed rates: calls `challenge` of them, raises the rest, `soft` of raises softly. */
function answers(n: number, challenge: number, soft: number): PairCounts {
  const challenges = Math.round(n * challenge);
  const raises = n - challenges;
  return { opportunities: n, challenges, raises, softRaises: Math.round(raises * soft), losses: Math.round(challenges * 0.9) };
}

/** `k` distinct players drawn from `from` with a seeded source. */
function draw(from: readonly string[], k: number, rng: ReturnType<typeof createRng>): string[] {
  const pool = [...from];
  return Array.from({ length: k }, () => pool.splice(rng.int(pool.length), 1)[0] as string);
}

/**
 * Given tables of four drawn at random, everyone answering everyone at 30 % calls and 50 % soft raises,
 * except the pairs listed in `special`, who answer each other with the counts given.
 */
function population(matches: number, special: ReadonlyMap<string, PairCounts> = new Map()): CollusionLedger {
  const ledger = new CollusionLedger();
  const rng = createRng('signals.spec');
  for (let m = 0; m < matches; m++) {
    const seated = draw(PLAYERS, 4, rng);
    const pairs = seated.flatMap((actor) =>
      seated.filter((bidder) => bidder !== actor).map((bidder) => ({ actor, bidder, counts: special.get(`${actor}>${bidder}`) ?? answers(10, 0.3, 0.5) })),
    );
    const evidence: MatchEvidence = { accounts: seated, pairs };
    ledger.add(evidence);
  }
  return ledger;
}

describe('pair signals (signals.ts)', () => {
  it('leaves pairs who treat each other like anyone else well below the threshold', () => {
    const ledger = population(120);
    for (const signals of rankPairs(ledger, ledger.pairsTogether())) expect(signals.suspicion).toBeLessThan(2);
  });

  it('ranks first, above the threshold, a pair that never calls the other and always raises softly', () => {
    // Given p1 and p2 answering each other's bids with no calls and only minimum raises
    const friendly = answers(10, 0, 1);
    const ledger = population(120, new Map([['p1>p2', friendly], ['p2>p1', friendly]]));
    // Then they top the ranking by far, with both directions of both tests pointing at them
    const [top, next] = rankPairs(ledger, ledger.pairsTogether());
    expect([top?.a, top?.b]).toEqual(['p1', 'p2']);
    expect(top?.suspicion).toBeGreaterThan(SUSPICION_THRESHOLD);
    expect(next?.suspicion).toBeLessThan(2);
    expect(top?.challengesAB.observed).toBe(0);
    expect(top?.challengesAB.expected).toBeGreaterThan(20);
    expect(top?.softRaisesBA.evidence).toBeGreaterThan(5);
    expect(top?.diceLost).toMatchObject({ observed: 0 });
    expect(top?.diceLost.evidence).toBeGreaterThan(5);
  });

  it('is the same pair whichever order it is asked in', () => {
    const ledger = population(60, new Map([['p3>p5', answers(10, 0.05, 0.9)]]));
    const ab = pairSignals(ledger, 'p3', 'p5');
    const ba = pairSignals(ledger, 'p5', 'p3');
    expect(ba.suspicion).toBeCloseTo(ab.suspicion, 12);
    expect(ba.challengesAB).toEqual(ab.challengesBA);
    expect(ba.softRaisesBA).toEqual(ab.softRaisesAB);
  });

  it('flags sitting together far more often than seat draws would', () => {
    // Given p1 and p2 at every one of their 40 tables, everyone else drawn at random
    const ledger = new CollusionLedger();
    const rng = createRng('co-seating');
    for (let m = 0; m < 40; m++) {
      ledger.add({ accounts: ['p1', 'p2', ...draw(PLAYERS.slice(2), 2, rng)], pairs: [] });
      ledger.add({ accounts: draw(PLAYERS.slice(2), 4, rng), pairs: [] });
    }
    const together = pairSignals(ledger, 'p1', 'p2');
    expect(together.coSeating.observed).toBe(40);
    expect(together.coSeating.evidence).toBeGreaterThan(10);
    expect(pairSignals(ledger, 'p3', 'p4').coSeating.evidence).toBeLessThan(2);
  });

  it('never finds more evidence of a missing call when a pair calls each other more (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (calls) => {
        const fewer = population(30, new Map([['p1>p2', answers(10, calls / 10, 0.5)]]));
        const more = population(30, new Map([['p1>p2', answers(10, (calls + 1) / 10, 0.5)]]));
        expect(pairSignals(more, 'p1', 'p2').challengesAB.evidence).toBeLessThanOrEqual(pairSignals(fewer, 'p1', 'p2').challengesAB.evidence + 1e-12);
      }),
      { numRuns: 10 },
    );
  });
});
