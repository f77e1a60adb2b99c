import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { LobbyTimer } from './lobby-timer';
import { TurnTimer } from './turn-timer';

/** The timers that fire machine commands when a deadline in a match's record passes: turns, idle lobbies. */
@Module({ imports: [MatchesModule], providers: [TurnTimer, LobbyTimer], exports: [TurnTimer, LobbyTimer] })
export class TimersModule {}
