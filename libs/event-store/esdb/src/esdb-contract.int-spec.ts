import { describeEventStoreContract } from '@liars-dice/event-store-contract';
import { EsdbTestServer } from '@liars-dice/event-store-esdb-test-server';
import { createEsdbEventStore } from './esdb-event-store';

// The real adapter and the real client, over the wire protocol, against the in-memory test node.
let server: EsdbTestServer | undefined;

beforeAll(async () => {
  server = await EsdbTestServer.start();
});

afterAll(async () => {
  await server?.stop();
});

describeEventStoreContract('EventStoreDB adapter through the wire-protocol test server', async () => {
  if (!server) throw new Error('the test server did not start');
  return { store: createEsdbEventStore(server.connectionString) };
});
