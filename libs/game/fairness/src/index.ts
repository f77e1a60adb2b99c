export { FAIRNESS_VERSION, isSeedHex, commitmentOf, faceStream, deriveDice, deriveChamber, useMacFactory, type HandAddress, type KeyedMac, type MacFactory } from './derivation';
export { houseCommand } from './house';
export { verifyMatch, type Verification, type Discrepancy } from './verify';
export { verificationExport, type VerificationExport, type RecordedRound, type RecordedHand, type RecordedPull } from './export';
