export { BotDriver } from './bot-driver';
export { CPU_POLICY, type CpuPolicy } from './cpu-policy';
export { GameBotsPolicy } from './game-bots-policy';
export { ThreadedBotsPolicy } from './thread/threaded-bots-policy';
export { BotsDriverModule } from './bots-driver.module';
