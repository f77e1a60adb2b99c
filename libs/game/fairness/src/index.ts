export { FAIRNESS_VERSION, isSeedHex, commitmentOf, faceStream, deriveDice, deriveChamber, type HandAddress } from './derivation';
export { houseCommand } from './house';
export { verifyMatch, type Verification, type Discrepancy } from './verify';
