export { EsdbTestServer, startEsdbTestServer, type EsdbTestServerOptions } from './server';
export { EventLog, MAX_APPEND_SIZE, type StoredEvent } from './event-log';
export type { SubscriptionStart } from './subscription';
