import { Module } from '@nestjs/common';
import { AuthModule } from '@liars-dice/server-auth';
import { CreateMatchHandler } from './commands/create-match.handler';
import { JoinMatchHandler, StartMatchHandler } from './commands/lobby.handlers';
import { LeaveMatchHandler } from './commands/leave-match.handler';
import { CallLiarHandler, CallSpotOnHandler, PlaceBidHandler, TimeOutHandler } from './commands/play.handlers';
import { MatchCatalog } from './match-catalog';
import { MatchCommandRunner } from './match-command-runner';
import { MatchCommandsResolver } from './match-commands.resolver';
import { MatchQueriesResolver } from './match-queries.resolver';
import { MatchReader } from './match-reader';
import { MatchRepository } from './match-repository';
import { MatchVerifier } from './match-verifier';
import { SeedVault } from './seed-vault';

const HANDLERS = [CreateMatchHandler, JoinMatchHandler, StartMatchHandler, PlaceBidHandler, CallLiarHandler, CallSpotOnHandler, LeaveMatchHandler, TimeOutHandler];

/** Needs EVENT_STORE and SERVER_SETTINGS (global, from the app) and the platform's Dispatcher. */
@Module({
  imports: [AuthModule],
  providers: [...HANDLERS, MatchRepository, MatchCommandRunner, SeedVault, MatchCatalog, MatchReader, MatchVerifier, MatchCommandsResolver, MatchQueriesResolver],
  exports: [MatchCatalog, MatchVerifier],
})
export class MatchesModule {}
