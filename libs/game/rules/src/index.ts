export * from './vocabulary';
export * from './options';
export * from './events';
export * from './commands';
export * from './rule-violation';
export { invisibleCharacter, invisibleOnly, type TextLines, unshownCharacter, withLineFeeds } from './shown-text';
export {
  type MatchState,
  type StartedMatch,
  type Seat,
  type Round,
  type RoundEnd,
  type Shot,
  type ShotDue,
  type NextRound,
  type AwaitingRoll,
  type Bidding,
  type Resolving,
  type Finished,
  initialState,
  activeSeats,
  seatOf,
  diceInPlay,
  nextActive,
  wildActive,
} from './state';
export { decide } from './decide';
export { evolve } from './evolve';
export { fold } from './fold';
export { isLegalRaise, minimumRaise, countFace } from './bidding';
export { legalActions, type Action } from './legal-actions';
export { playerView, type PlayerView, type PublicSeat } from './player-view';
export { chanceAtLeast, binomialTailAtLeast, binomialExactly } from './probability';
