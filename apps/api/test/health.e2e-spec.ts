import { ProjectionsService } from '@liars-dice/server-projections';
import { CommandGate } from '@liars-dice/server-platform';
import { commandId, TestPlayer } from './support/player';
import { CREATE } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

const MAX_LAG_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('/health: readiness apart from liveness', () => {
  it('given read models that stop following the store, then the replica turns not ready once they are behind by more than the stated lag, stays live, and is ready again when they catch up; draining ends readiness too', async () => {
    // The in-memory store runs the projections in the API's thread, where the test can pause them.
    const server = await startTestApi({ EVENT_STORE: 'memory', READY_MAX_LAG_MS: String(MAX_LAG_MS) });
    const base = server.api.url;
    try {
      const player = await TestPlayer.register({ graphql: server.api.graphqlUrl, ws: server.api.wsUrl }, 'probe');
      expect(await get(`${base}/health`)).toMatchObject({ status: 200, body: { status: 'ok', ready: true, maxLagMs: MAX_LAG_MS, store: 'memory' } });

      const feed = server.api.app.get(ProjectionsService).feed;
      await feed.stop();
      await player.send(CREATE, { input: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
      // Behind by an event younger than the bound: still ready.
      expect((await get(`${base}/health/ready`)).status).toBe(200);
      await sleep(MAX_LAG_MS + 100);
      const lagging = await get(`${base}/health`);
      expect(lagging).toMatchObject({ status: 503, body: { status: 'lagging', ready: false, catalog: { lagMs: 0 } } });
      expect((lagging.body['projections'] as { lagMs: number }).lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(await get(`${base}/health/live`)).toMatchObject({ status: 200, body: { status: 'alive', pid: process.pid } });

      feed.start();
      await feed.whenCaughtUp();
      expect(await get(`${base}/health`)).toMatchObject({ status: 200, body: { status: 'ok', projections: { lagMs: 0 } } });

      await server.api.app.get(CommandGate).drain();
      expect(await get(`${base}/health`)).toMatchObject({ status: 503, body: { status: 'draining', ready: false } });
      expect((await get(`${base}/health/live`)).status).toBe(200);
      await player.close();
    } finally {
      await server.stop();
    }
  });
});
