export { EVENT_STORE, SERVER_SETTINGS, type ServerSettings } from './tokens';
export { Clock } from './clock';
export { asArgument, Refusal, type RefusalCode } from './errors';
export { ECHO_LIMIT, echoed, withQuotesEchoed } from './echo';
export { CommandGate } from './command-gate';
export { MetricsRegistry } from './metrics-registry';
export { StepHistogram } from './step-histogram';
export { PlatformModule } from './platform.module';
export { eachValue } from './each-value';
export { guarded, backoff, describeError, type FailureLog } from './guarded';
export { RefusalFilter } from './refusal.filter';
export { type Page, type KeyPart, checkFirst, pageSize, encodeCursor, decodeCursor, pageOf, mapPage } from './pagination';
export { enumFrom, RulesetEnum, MatchKindEnum, MatchStatusEnum, SeatKindEnum, DifficultyEnum, PageOf } from './graphql-types';
export { iso, parseTime } from './iso-time';
export { DataDirLock, DataDirLockedError, DataDirLockUnreadableError, LOCK_FILE, type LockHolder } from './data-dir-lock';
// A thread's own helpers (niceness, memory reports, starting workers) are in @liars-dice/platform-threads: Nest-free.
export { ThreadMemory } from './thread-memory';
