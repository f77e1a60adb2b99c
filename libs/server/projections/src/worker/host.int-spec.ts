import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { EventStore, Subscription, SubscriptionMessage } from '@liars-dice/event-store-port';
import { hostProjections } from './host';

/** A store whose subscription delivers nothing and then fails, as an unreachable EventStoreDB would. */
function failingStore(): EventStore & { closed: boolean } {
  const store = {
    closed: false,
    subscribeToAll(): Subscription {
      return {
        async *[Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('connection refused');
        },
        close: async () => undefined,
      };
    },
    close: async () => {
      store.closed = true;
    },
  };
  return store as unknown as EventStore & { closed: boolean };
}

describe('the projections thread host', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'projections-host-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a store whose subscription fails, then the host reports it, closes the store and ends (so the API starts a new thread)', async () => {
    const { port1, port2 } = new MessageChannel();
    const heard: [unknown, unknown][] = [];
    const ended = new Promise<void>((resolve) => port2.once('close', () => resolve()));
    // Each post is flat frames, three cells each (head, id, body): heard keeps [head, body] of each.
    port2.on('message', (frames: unknown[]) => {
      for (let i = 0; i < frames.length; i += 3) heard.push([frames[i], frames[i + 2]]);
    });
    const store = failingStore();
    hostProjections(port1, store, path.join(dir, 'read.sqlite'), () => store.close());
    await ended;
    expect(heard[0]).toEqual([2, null]); // READY
    expect(heard.some(([head, body]) => head === 'error' && /connection refused.*started again/.test(String(body)))).toBe(true);
    expect(store.closed).toBe(true);
  });
});
