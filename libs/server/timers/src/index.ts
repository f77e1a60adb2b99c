export { TurnTimer } from './turn-timer';
export { LobbyTimer } from './lobby-timer';
export { TimersModule } from './timers.module';
