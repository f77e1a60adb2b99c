import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { InactivityTimer } from './inactivity-timer';
import { LobbyTimer } from './lobby-timer';
import { TurnTimer } from './turn-timer';

/** The timers that fire machine commands when a deadline in a match's record passes: turns, idle lobbies, absences. */
@Module({ imports: [MatchesModule], providers: [TurnTimer, LobbyTimer, InactivityTimer], exports: [TurnTimer, LobbyTimer, InactivityTimer] })
export class TimersModule {}
