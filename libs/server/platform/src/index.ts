export { EVENT_STORE, SERVER_SETTINGS, type ServerSettings } from './tokens';
export { Clock } from './clock';
export { Refusal, type RefusalCode } from './errors';
export { Dispatcher } from './dispatcher';
export { MetricsRegistry } from './metrics-registry';
export { PlatformModule } from './platform.module';
export { eachValue } from './each-value';
export { RefusalFilter } from './refusal.filter';
export {
  type Page,
  type KeyPart,
  checkFirst,
  encodeCursor,
  decodeCursor,
  pageOf,
  mapPage,
} from './pagination';
export {
  enumFrom,
  RulesetEnum,
  MatchKindEnum,
  MatchStatusEnum,
  SeatKindEnum,
  DifficultyEnum,
  PageOf,
} from './graphql-types';
export { iso, parseTime } from './iso-time';
