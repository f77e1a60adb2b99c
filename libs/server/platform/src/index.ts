export { EVENT_STORE, SERVER_SETTINGS, type ServerSettings } from './tokens';
export { Clock } from './clock';
export { Refusal, type RefusalCode } from './errors';
export { Dispatcher } from './dispatcher';
export { MetricsRegistry } from './metrics-registry';
export { PlatformModule } from './platform.module';
export { eachValue } from './each-value';
export { guarded, backoff, describeError, type FailureLog } from './guarded';
export { RefusalFilter } from './refusal.filter';
