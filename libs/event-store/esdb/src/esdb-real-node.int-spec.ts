import { describeEventStoreContract } from '@liars-dice/event-store-contract';
import { createEsdbEventStore } from './esdb-event-store';

// The same contract against a real EventStoreDB / KurrentDB node or cluster, when one is configured
// (see infra/README.md). Tests isolate themselves by unique stream prefixes, so a shared database works.
const connectionString = process.env['EVENTSTORE_CONNECTION_STRING'];

if (connectionString) {
  describeEventStoreContract(
    `EventStoreDB adapter against ${connectionString}`,
    async () => ({ store: createEsdbEventStore(connectionString) }),
    { timeoutMs: 60_000 },
  );
} else {
  // Printed at collection time: a skipped describe never runs its hooks.
  process.stderr.write(
    'Skipping the contract against a real EventStoreDB: EVENTSTORE_CONNECTION_STRING is not set.\n',
  );
  describe('EventStoreDB adapter against a real node', () => {
    it.skip('needs EVENTSTORE_CONNECTION_STRING=esdb://… (see infra/README.md)', () => undefined);
  });
}
