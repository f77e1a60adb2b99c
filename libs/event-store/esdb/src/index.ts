export { EsdbEventStore, createEsdbEventStore, type EsdbEventStoreOptions } from './esdb-event-store';
export type { ResubscribeOptions } from './esdb-subscription';
