import { Module } from '@nestjs/common';
import { AuthModule } from '@liars-dice/server-auth';
import { MatchesModule } from '@liars-dice/server-matches';
import { TOURNAMENT_COMMAND_HANDLERS } from './commands/tournament-command.handlers';
import { MatchVoids } from './director/match-voids';
import { SanctionDisqualifications } from './director/sanction-disqualifications';
import { TableOpener } from './director/table-opener';
import { TournamentDirector } from './director/tournament-director';
import { TournamentSteps } from './director/tournament-steps';
import { TournamentCatalog } from './tournament-catalog';
import { TournamentCommandRunner } from './tournament-command-runner';
import { TournamentCommandsResolver } from './tournament-commands.resolver';
import { TournamentQueriesResolver } from './tournament-queries.resolver';
import { TournamentReader } from './tournament-reader';
import { TournamentRepository } from './tournament-repository';

/** Needs EVENT_STORE, SERVER_SETTINGS and the Clock (global, from the app), the platform's command bus and the matches slice. */
@Module({
  imports: [AuthModule, MatchesModule],
  providers: [
    ...TOURNAMENT_COMMAND_HANDLERS,
    TournamentRepository,
    TournamentCommandRunner,
    TournamentCatalog,
    TournamentReader,
    TournamentSteps,
    TableOpener,
    TournamentDirector,
    MatchVoids,
    SanctionDisqualifications,
    TournamentCommandsResolver,
    TournamentQueriesResolver,
  ],
  exports: [TournamentCatalog, TournamentDirector, TournamentReader],
})
export class TournamentsModule {}
