import WebSocket from 'ws';
import { openSocket } from './support/graphql-client';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

let server: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  server = await startTestApi({ MAX_SOCKETS_PER_ADDRESS: '3' });
});
afterAll(() => server.stop());

/** A raw graphql-ws socket: how it ended (code and reason), or that it is still open after `ms`. */
function rawSocket(url: string): { socket: WebSocket; outcome: (ms: number) => Promise<{ code: number; reason: string } | 'open'> } {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const opened = new Promise((resolve) => socket.once('open', resolve));
  return {
    socket,
    outcome: async (ms) => {
      await Promise.race([opened, closed]);
      return Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
    },
  };
}

describe('websockets per address (MAX_SOCKETS_PER_ADDRESS=3)', () => {
  it('given three open sockets from 127.0.0.1, when a fourth connects, then it is closed with 1013 and a reason; once one closes, another connects', async () => {
    const url = server.api.wsUrl;
    const three = await Promise.all([0, 1, 2].map(() => openSocket(url, undefined)));

    const fourth = rawSocket(url);
    expect(await fourth.outcome(2_000)).toEqual({ code: 1013, reason: 'too many websockets from your address (at most 3); close one and try again' });

    await three[0]?.dispose();
    const again = await eventuallyOpen(url);
    expect(again).toBe('open');
    await Promise.all(three.slice(1).map((client) => client.dispose()));
  });
});

/** The place a closed socket frees is given back when the server sees the close: retried briefly. */
async function eventuallyOpen(url: string): Promise<'open' | { code: number; reason: string }> {
  let last: 'open' | { code: number; reason: string } = 'open';
  for (let attempt = 0; attempt < 20; attempt++) {
    const raw = rawSocket(url);
    last = await raw.outcome(300);
    if (last === 'open') {
      raw.socket.close();
      return last;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}
