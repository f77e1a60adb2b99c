import { Module } from '@nestjs/common';
import { AuthModule } from '@liars-dice/server-auth';
import { MatchCommandContext } from './commands/handle-match-command';
import {
  CloseLobbyHandler,
  CreateMatchHandler,
  JoinMatchHandler,
  LeaveMatchHandler,
  StartMatchHandler,
} from './commands/lobby.handlers';
import {
  DirectTableHandler,
  ExpireInactivityHandler,
  ExpireLobbyHandler,
  OpenTableMatchHandler,
  TimeOutHandler,
} from './commands/machine.handlers';
import { MatchDecider } from './commands/match-decider';
import { CallLiarHandler, CallSpotOnHandler, PlaceBidHandler } from './commands/play.handlers';
import { CpuSeatNames } from './cpu-seat-names';
import { HostedLobbies } from './hosted-lobbies';
import { LiveMatches } from './live-matches';
import { MatchCommandsResolver } from './match-commands.resolver';
import { MatchQueriesResolver } from './match-queries.resolver';
import { MatchReader } from './match-reader';
import { MatchStore } from './match-store';
import { MatchVerifier } from './match-verifier';
import { SeedVault } from './seed-vault';

/** One handler class per match command; each runs the shared loop (handleMatchCommand). */
export const MATCH_COMMAND_HANDLERS = [
  CreateMatchHandler,
  JoinMatchHandler,
  StartMatchHandler,
  CloseLobbyHandler,
  LeaveMatchHandler,
  PlaceBidHandler,
  CallLiarHandler,
  CallSpotOnHandler,
  TimeOutHandler,
  ExpireLobbyHandler,
  ExpireInactivityHandler,
  OpenTableMatchHandler,
  DirectTableHandler,
];

/** Needs EVENT_STORE, SERVER_SETTINGS and the Clock (global, from the app) and the platform's command bus. */
@Module({
  imports: [AuthModule],
  providers: [
    ...MATCH_COMMAND_HANDLERS,
    MatchCommandContext,
    MatchDecider,
    MatchStore,
    LiveMatches,
    SeedVault,
    MatchReader,
    MatchVerifier,
    MatchCommandsResolver,
    MatchQueriesResolver,
    CpuSeatNames,
    HostedLobbies,
  ],
  exports: [LiveMatches, MatchVerifier, SeedVault, CpuSeatNames],
})
export class MatchesModule {}
