export * from './vocabulary';
export { type ModerationPolicy, DEFAULT_POLICY } from './policy';
export { MODERATION_VIOLATION_CODES, type ModerationViolationCode, ModerationViolation, isModerationViolation } from './moderation-violation';
export * from './dispute-events';
export * from './dispute-commands';
export {
  DISPUTE_STATUSES,
  type DisputeStatus,
  type Filing,
  type Note,
  type RulingRecord,
  type Appeal,
  type Dispute,
  type DisputesState,
  initialDisputesState,
  disputeOf,
  openDispute,
  affectedBy,
  filersOf,
} from './dispute-state';
export { evolveDisputes } from './evolve-dispute';
export { decideDispute } from './decide-dispute';
export { type ModerationEffect, type NumberedOrder, effectsOf, numberedOrders, sanctionIdOf } from './effects';
export * from './sanction-events';
export { type Sanction, type SanctionsState, initialSanctionsState, evolveSanctions, inForce, activeSanctions, rankedBanUntil, collusionMark, barredFromRanked, disqualifies } from './sanctions';
export { decideSanctions } from './decide-sanctions';
export { type FilerRecord, type QueueInputs, type QueueScore, filerAccuracy, queueScore } from './queue-score';
export { type DisputeOutcome, outcomeOf, isParty, partyEventOf } from './outcome';
export * from './streams';
