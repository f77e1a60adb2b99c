import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { TurnTimer } from './turn-timer';

@Module({ imports: [MatchesModule], providers: [TurnTimer], exports: [TurnTimer] })
export class TimersModule {}
