export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite-event-store';
export { EventStoreFileError, type StoreFileProblem } from './open-database';
export { makeDirectory } from './data-directory';
export type { WriterSettings } from './writer-protocol';
export type { WriteTiming, WriteTimingObserver } from './writer-client';
