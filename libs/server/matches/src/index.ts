export { MatchesModule } from './matches.module';
export { MatchCatalog } from './match-catalog';
export { MatchVerifier, type MatchVerification } from './match-verifier';
export { viewMatch } from './match-views';
export type { CommandOutcome } from './match-command-runner';
export {
  type CommandTarget,
  CreateMatchCommand,
  JoinMatchCommand,
  StartMatchCommand,
  LeaveMatchCommand,
  PlaceBidCommand,
  CallLiarCommand,
  CallSpotOnCommand,
  TimeOutCommand,
} from './commands/match.commands';
export { matchIdFor } from './commands/match-command.handlers';
export { RANKED_ELIGIBILITY, type RankedEligibility } from './ranked-eligibility';
