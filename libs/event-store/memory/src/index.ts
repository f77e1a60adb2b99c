export { InMemoryEventStore } from './in-memory-event-store';
