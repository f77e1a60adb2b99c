import { describeEventStoreContract } from '@liars-dice/event-store-contract';
import { InMemoryEventStore } from './in-memory-event-store';

describeEventStoreContract('in-memory', async () => ({ store: new InMemoryEventStore() }));
