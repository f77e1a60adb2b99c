import { EsdbTestServer } from '@liars-dice/event-store-esdb-test-server';
import { Feed, postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { playOut } from './support/play-out';
import { CREATE, START, UPDATED, VERIFY } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(90_000);

describe('on EventStoreDB (the wire-protocol test server)', () => {
  it('given EVENTSTORE_CONNECTION_STRING, when a match is played through GraphQL, then it finishes, pushes live views and verifies', async () => {
    const node = await EsdbTestServer.start();
    const server = await startTestApi({ EVENTSTORE_CONNECTION_STRING: node.connectionString });
    try {
      const health = (await (await fetch(`${server.api.url}/health`)).json()) as { store: string };
      expect(health.store).toBe('esdb');
      const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
      const dana = await TestPlayer.register(url, 'dana');
      const created = await dana.send<{ createMatch: TestView }>(CREATE, {
        input: { commandId: commandId(), ruleset: 'REVOLVER', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }, { kind: 'CPU', difficulty: 'EXPERT' }] },
      });
      const matchId = (created.data as { createMatch: TestView }).createMatch.id;
      const feed = new Feed<TestView>(await dana.connect(), UPDATED, { id: matchId }, (data) => data['matchUpdated'] as TestView);
      await dana.send(START, { input: { matchId, commandId: commandId() } });

      const finished = await playOut(matchId, [dana]);
      await feed.next((view) => view.status === 'finished');

      expect(feed.values.length).toBeGreaterThan(2);
      const verified = await postGraphQL<{ verifyMatch: { verified: boolean } }>(url.graphql, VERIFY, { id: matchId });
      expect(verified.data?.verifyMatch.verified).toBe(true);
      expect(finished.seed).toMatch(/^[0-9a-f]{64}$/);
      feed.stop();
      await dana.close();
    } finally {
      await server.stop();
      await node.stop();
    }
  });
});
