import { Module } from '@nestjs/common';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { MatchesModule } from '@liars-dice/server-matches';
import { BotDriver } from './bot-driver';
import { CPU_POLICY, type CpuPolicy } from './cpu-policy';
import { GameBotsPolicy } from './game-bots-policy';
import { ThreadedBotsPolicy } from './thread/threaded-bots-policy';

/**
 * Compiled code (the API, the CLI) decides on the CPU-seat thread; from TypeScript sources (Jest) there is no
 * compiled worker, and with THREADS_IN_PROCESS naming `cpu-seats` none is wanted: the same levels run in process.
 */
const cpuPolicy = (settings: ServerSettings): CpuPolicy =>
  (settings.threadsInProcess?.includes('cpu-seats') ? null : ThreadedBotsPolicy.compiled()) ?? new GameBotsPolicy();

@Module({
  imports: [MatchesModule],
  providers: [BotDriver, { provide: CPU_POLICY, useFactory: cpuPolicy, inject: [SERVER_SETTINGS] }],
  exports: [BotDriver],
})
export class BotsDriverModule {}
