export { TurnTimer } from './turn-timer';
export { LobbyTimer } from './lobby-timer';
export { InactivityTimer } from './inactivity-timer';
export { TimersModule } from './timers.module';
