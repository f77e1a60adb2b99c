export { TournamentsModule } from './tournaments.module';
export { TournamentCatalog } from './tournament-catalog';
export { TournamentDirector } from './director/tournament-director';
export { TournamentReader } from './tournament-reader';
export type { TournamentOutcome, TournamentTarget } from './tournament-command-runner';
export {
  CreateTournamentCommand,
  RegisterForTournamentCommand,
  WithdrawFromTournamentCommand,
  CheckInCommand,
  StartTournamentCommand,
  CancelTournamentCommand,
  PublishSeatingCommand,
  DisqualifyFromTournamentCommand,
} from './commands/tournament.commands';
export { tournamentIdFor } from './commands/tournament-command.handlers';
export {
  verifyStoredTournament,
  describeReport,
  type TournamentReport,
  type TableMatchVerification,
} from './tournament-verification';
