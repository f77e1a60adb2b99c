import { Module } from '@nestjs/common';
import { MatchesModule } from '@liars-dice/server-matches';
import { BotDriver } from './bot-driver';
import { CPU_POLICY, type CpuPolicy } from './cpu-policy';
import { GameBotsPolicy } from './game-bots-policy';
import { ThreadedBotsPolicy } from './thread/threaded-bots-policy';

/**
 * Compiled code (the API, the CLI) decides on the CPU-seat thread; from TypeScript sources (Jest) there is no
 * compiled worker and the same levels run in process, as before (docs/adr/0019).
 */
const cpuPolicy = (): CpuPolicy => ThreadedBotsPolicy.compiled() ?? new GameBotsPolicy();

@Module({
  imports: [MatchesModule],
  providers: [BotDriver, { provide: CPU_POLICY, useFactory: cpuPolicy }],
  exports: [BotDriver],
})
export class BotsDriverModule {}
