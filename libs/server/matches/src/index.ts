export { MatchesModule } from './matches.module';
export { LiveMatches } from './live-matches';
export type { MatchWatcher } from './match-announcements';
export { MatchVerifier, type MatchVerification } from './match-verifier';
export { viewMatch } from './match-views';
export { commitTimeOf, stampCommit } from './commit-times';
export { lobbyExpiresAt, lobbyIdleSecondsFor } from './lobby-expiry';
export type { CommandOutcome } from './commands/handle-match-command';
export {
  type CommandTarget,
  CreateMatchCommand,
  JoinMatchCommand,
  StartMatchCommand,
  CloseLobbyCommand,
  LeaveMatchCommand,
  PlaceBidCommand,
  CallLiarCommand,
  CallSpotOnCommand,
  TimeOutCommand,
  ExpireLobbyCommand,
  ExpireInactivityCommand,
  OpenTableMatchCommand,
  DirectTableCommand,
} from './commands/match.commands';
export { SeedVault } from './seed-vault';
export { CpuSeatNames } from './cpu-seat-names';
export { matchIdFor } from './commands/lobby.handlers';
export { MatchOptionsInput, COMMAND_ID } from './graphql/match-inputs.types';
export { MatchOptionsView } from './graphql/match-view.types';
export { DiscrepancyView } from './graphql/verification.types';
export { RANKED_ELIGIBILITY, type RankedEligibility, type RankedStanding } from './ranked-eligibility';
