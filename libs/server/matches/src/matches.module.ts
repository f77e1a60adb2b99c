import { Module } from '@nestjs/common';
import { AuthModule } from '@liars-dice/server-auth';
import { MATCH_COMMAND_HANDLERS } from './commands/match-command.handlers';
import { CpuSeatNames } from './cpu-seat-names';
import { HostedLobbies } from './hosted-lobbies';
import { MatchCatalog } from './match-catalog';
import { MatchCommandRunner } from './match-command-runner';
import { MatchCommandsResolver } from './match-commands.resolver';
import { MatchQueriesResolver } from './match-queries.resolver';
import { MatchReader } from './match-reader';
import { MatchRepository } from './match-repository';
import { MatchVerifier } from './match-verifier';
import { SeedVault } from './seed-vault';

/** Needs EVENT_STORE and SERVER_SETTINGS (global, from the app) and the platform's Dispatcher. */
@Module({
  imports: [AuthModule],
  providers: [...MATCH_COMMAND_HANDLERS, MatchRepository, MatchCommandRunner, SeedVault, MatchCatalog, MatchReader, MatchVerifier, MatchCommandsResolver, MatchQueriesResolver, CpuSeatNames, HostedLobbies],
  exports: [MatchCatalog, MatchVerifier, SeedVault, CpuSeatNames],
})
export class MatchesModule {}
