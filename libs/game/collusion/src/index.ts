export { type PairCounts, type PairEvidence, type MatchEvidence, type MatchRecord, NO_COUNTS, addCounts, matchEvidence } from './evidence';
export { type PlayerTotals, type PopulationTotals, type LedgerReader, NO_TOTALS, CollusionLedger, pairKey } from './ledger';
export { type SignalTest, type PairSignals, PRIOR_WEIGHT, SUSPICION_THRESHOLD, pairSignals, rankPairs } from './signals';
export { bidWeight, softestWeight, isSoftRaise, softestBids } from './soft-raise';
