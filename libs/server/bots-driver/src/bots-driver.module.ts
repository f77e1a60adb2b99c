import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { BotDriver } from './bot-driver';
import { CPU_POLICY } from './cpu-policy';
import { GameBotsPolicy } from './game-bots-policy';

@Module({
  imports: [MatchesModule],
  providers: [BotDriver, { provide: CPU_POLICY, useClass: GameBotsPolicy }],
  exports: [BotDriver],
})
export class BotsDriverModule {}
