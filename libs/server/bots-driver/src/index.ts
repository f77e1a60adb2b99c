export { BotDriver } from './bot-driver';
export { CPU_POLICY, type CpuPolicy } from './cpu-policy';
export { LegalMovePolicy } from './legal-move-policy';
export { BotsDriverModule } from './bots-driver.module';
