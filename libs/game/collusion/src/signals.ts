import type { PairCounts } from './counts';
import type { LedgerReader, PlayerTotals } from './ledger';
import { logBinomialAtLeast, logBinomialAtMost, logFisherCombined, logPoissonAtMost } from './tails';

/**
 * One signal of one pair: what was seen, what chance alone would give, and how surprising the difference
 * is — `evidence` = −log10 of the one-sided chance of a result at least this far off (0 = nothing unusual,
 * 3 = once in a thousand pairs, 6 = once in a million).
 */
export interface SignalTest {
  readonly observed: number;
  readonly expected: number;
  /** The opportunities or raises the rate is measured over (matches for co-seating). */
  readonly trials: number;
  readonly evidence: number;
}

export interface PairSignals {
  readonly a: string;
  readonly b: string;
  readonly sharedMatches: number;
  /** a's liar/spot-on calls on b's bids: fewer than expected is suspicious. */
  readonly challengesAB: SignalTest;
  readonly challengesBA: SignalTest;
  /** a's minimum raises over b's bids: more than expected is suspicious. */
  readonly softRaisesAB: SignalTest;
  readonly softRaisesBA: SignalTest;
  /** Dice either lost to the other in calls between them: fewer than expected is suspicious (shown, not combined). */
  readonly diceLost: SignalTest;
  /** Ranked matches at the same table: more than chance is suspicious. */
  readonly coSeating: SignalTest;
  /** −log10 of the Fisher-combined chance of the four answer tests alone (how they play, not where they sit). */
  readonly play: number;
  /** −log10 of the Fisher-combined chance of the four answer tests and co-seating: the ranking key. */
  readonly suspicion: number;
}

/**
 * The suspicion at or above which a pair is flagged for moderators. Chance alone reaches 8 about once in
 * 10⁸ pairs; the simulation (docs/benchmarks/collusion.md) finds honest CPU pairs below 5 and planted
 * colluders far above.
 */
export const SUSPICION_THRESHOLD = 8;

/** Pseudo-observations pulling a player's rate toward the population's (a rate over 3 opportunities means little). */
export const PRIOR_WEIGHT = 10;
const FLOOR = 0.001;

const clamp = (p: number) => Math.min(1 - FLOOR, Math.max(FLOOR, p));
const toEvidence = (logP: number) => Math.max(0, -logP / Math.LN10);
const ratio = (num: number, den: number) => (den > 0 ? num / den : 0);

/** A count over its trials. */
type Fraction = readonly [number, number];

/** A rate from the totals minus this pair's own share, shrunk toward the population rate. */
function rateWithout([total, totalOf]: Fraction, [own, ownOf]: Fraction, global: number): number {
  return (total - own + PRIOR_WEIGHT * global) / (totalOf - ownOf + PRIOR_WEIGHT);
}

/**
 * The rate the actor would show on the bidder's bids if neither cared who the other was: the actor's rate on
 * everyone else times the rate everyone else shows on the bidder, over the population rate (independence).
 */
function expectedRate(actor: number, bidder: number, global: number): number {
  return global > 0 ? clamp((actor * bidder) / global) : FLOOR;
}

interface Side {
  readonly own: PairCounts;
  readonly actor: PlayerTotals;
  readonly bidder: PlayerTotals;
  readonly all: PairCounts;
}

/** One answer test: a count over its trials, and which way is suspicious. */
interface Measure {
  readonly hits: 'challenges' | 'softRaises';
  readonly of: 'opportunities' | 'raises';
  readonly suspicious: 'fewer' | 'more';
}

const CALLS: Measure = { hits: 'challenges', of: 'opportunities', suspicious: 'fewer' };
const SOFT_RAISES: Measure = { hits: 'softRaises', of: 'raises', suspicious: 'more' };

function answerTest({ own, actor, bidder, all }: Side, { hits, of, suspicious }: Measure): SignalTest {
  const global = ratio(all[hits], all[of]);
  const mine: Fraction = [own[hits], own[of]];
  const actorRate = rateWithout([actor.asActor[hits], actor.asActor[of]], mine, global);
  const bidderRate = rateWithout([bidder.asBidder[hits], bidder.asBidder[of]], mine, global);
  const p = expectedRate(actorRate, bidderRate, global);
  const [k, n] = mine;
  const logP = suspicious === 'fewer' ? logBinomialAtMost(k, n, p) : logBinomialAtLeast(k, n, p);
  return { observed: k, expected: n * p, trials: n, evidence: toEvidence(logP) };
}

/** Expected dice lost between them: the calls chance would give them, times the population's losses per call. */
function diceLostTest(ab: Side, ba: Side, challengesAB: SignalTest, challengesBA: SignalTest): SignalTest {
  const perCall = ratio(ab.all.losses, ab.all.challenges);
  const expected = (challengesAB.expected + challengesBA.expected) * perCall;
  const observed = ab.own.losses + ba.own.losses;
  return { observed, expected, trials: ab.own.opportunities + ba.own.opportunities, evidence: toEvidence(logPoissonAtMost(observed, expected)) };
}

/**
 * Shared tables against random seat draws: in each of x's matches, y fills one of x's neighbour seats with
 * chance (x's neighbours per match) × y's matches / the seats x did not fill. The test runs from both sides
 * (binomial over each one's matches) and keeps the weaker evidence, so a busy player cannot make it.
 */
function coSeatingTest(ledger: LedgerReader, a: string, b: string): SignalTest {
  const seats = ledger.population().seats;
  const observed = ledger.shared(a, b);
  const side = (x: PlayerTotals, y: PlayerTotals) => {
    const chance = x.matches > 0 && seats > x.matches ? clamp(((x.opponents / x.matches) * y.matches) / (seats - x.matches)) : FLOOR;
    return { expected: x.matches * chance, logP: logBinomialAtLeast(observed, x.matches, chance) };
  };
  const pa = ledger.player(a);
  const pb = ledger.player(b);
  const [x, y] = [side(pa, pb), side(pb, pa)];
  return { observed, expected: (x.expected + y.expected) / 2, trials: Math.min(pa.matches, pb.matches), evidence: toEvidence(Math.max(x.logP, y.logP)) };
}

/** Every signal of the pair {a, b} from the ledger's sums (docs/moderation.md gives the formulas). */
export function pairSignals(ledger: LedgerReader, a: string, b: string): PairSignals {
  const all = ledger.population().answers;
  const pa = ledger.player(a);
  const pb = ledger.player(b);
  const ab: Side = { own: ledger.pair(a, b), actor: pa, bidder: pb, all };
  const ba: Side = { own: ledger.pair(b, a), actor: pb, bidder: pa, all };
  const challengesAB = answerTest(ab, CALLS);
  const challengesBA = answerTest(ba, CALLS);
  const softRaisesAB = answerTest(ab, SOFT_RAISES);
  const softRaisesBA = answerTest(ba, SOFT_RAISES);
  const coSeating = coSeatingTest(ledger, a, b);
  const answers = [challengesAB, challengesBA, softRaisesAB, softRaisesBA];
  const logPs = (tests: readonly SignalTest[]) => tests.map((t) => -t.evidence * Math.LN10);
  return {
    a,
    b,
    sharedMatches: ledger.shared(a, b),
    challengesAB,
    challengesBA,
    softRaisesAB,
    softRaisesBA,
    diceLost: diceLostTest(ab, ba, challengesAB, challengesBA),
    coSeating,
    play: toEvidence(logFisherCombined(logPs(answers))),
    suspicion: toEvidence(logFisherCombined(logPs([...answers, coSeating]))),
  };
}

/** Pairs ranked by suspicion, most suspicious first; ties by shared matches, then by ids. */
export function rankPairs(ledger: LedgerReader, pairs: Iterable<readonly [string, string]>): PairSignals[] {
  const ranked = [...pairs].map(([a, b]) => (a < b ? pairSignals(ledger, a, b) : pairSignals(ledger, b, a)));
  return ranked.sort((x, y) => y.suspicion - x.suspicion || y.sharedMatches - x.sharedMatches || (x.a + x.b < y.a + y.b ? -1 : 1));
}
