import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { BotDriver } from './bot-driver';
import { CPU_POLICY } from './cpu-policy';
import { LegalMovePolicy } from './legal-move-policy';

@Module({
  imports: [MatchesModule],
  providers: [BotDriver, { provide: CPU_POLICY, useClass: LegalMovePolicy }],
  exports: [BotDriver],
})
export class BotsDriverModule {}
