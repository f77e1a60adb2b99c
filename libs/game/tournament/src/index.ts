export * from './vocabulary';
export * from './config';
export * from './commands';
export * from './events';
export * from './stream';
export * from './tournament-violation';
export {
  type Tournament,
  type TournamentState,
  type TournamentStatus,
  type PlayerRecord,
  type RoundRecord,
  type RoundStatus,
  type TableRecord,
  type TableStatus,
  initialState,
  activePlayers,
  currentRound,
  counts,
  isDone,
  entrant,
  leftBeforeStart,
  BEFORE_START,
} from './state';
export { decide } from './decide';
export { evolve } from './evolve';
export { fold } from './fold';
export { balancedTableSizes } from './balance';
export { placementsOf, type Placement } from './points';
export { seatingDue, nextStage, finalists, nextSeatingRound, byCodeUnits, type SeatingDue } from './progress';
export { planSeating } from './seating-plan';
export { SWAP_WINDOW, MAX_SWEEPS, tableCost } from './repeat-opponents';
export { directorTasks, tableMatchId, type DirectorTask } from './director';
export { standingsOf, type Standing } from './standings';
export { TIE_BREAKS, type TieBreak } from './criteria';
export { talliesOf, opponentsMet, type Tally, type TableEntry } from './tally';
export { isoTime } from './time';
export { seatingDraw } from './house';
export { foldTournamentRecord, type TournamentRecord } from './record';
export { verifyTournament, type TournamentVerification } from './verify';
