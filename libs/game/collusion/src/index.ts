export { type PairCounts, NO_COUNTS, addCounts } from './counts';
export { type PairEvidence, type MatchEvidence, type MatchRecord, matchEvidence, evidenceOf } from './evidence';
export { type RoundView, type SeatTally, EMPTY_TALLY, seatPairKey, tallyEvent } from './seat-tally';
export { type PlayerTotals, type PopulationTotals, type LedgerReader, type LedgerSums, NO_TOTALS, CollusionLedger, pairKey } from './ledger';
export { type SignalTest, type PairSignals, PRIOR_WEIGHT, SUSPICION_THRESHOLD, pairSignals, rankPairs } from './signals';
export { bidWeight, softestWeight, isSoftRaise, softestBids } from './soft-raise';
