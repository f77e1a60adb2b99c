export { TurnTimer } from './turn-timer';
export { TimersModule } from './timers.module';
