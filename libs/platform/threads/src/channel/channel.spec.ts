import { InProcessThread } from './in-process-thread';
import type { ThreadPort } from './ports';
import { ThreadFailure } from './protocol';
import { ThreadClient, type ThreadClientOptions, type ThreadGone } from './thread-client';
import { reportFatalStart, ThreadServer } from './thread-server';

interface Echo {
  requests: { double: { arg: number; reply: number }; sum: { arg: number; reply: number }; later: { arg: string; reply: string } };
  toThread: { stop: null };
  fromThread: { said: string };
}

const gone = (cause: ThreadGone) => new Error(`gone (${'exitCode' in cause ? cause.exitCode : 'error'})`);

/** A thread serving Echo; `batches` records each batch call's arguments, `posts` the host's posts (frame counts). */
function echoThread(options: Partial<ThreadClientOptions<Echo>> = {}) {
  const batches: number[][] = [];
  const posts: number[] = [];
  let server!: ThreadServer<Echo>;
  const thread = new InProcessThread((port: ThreadPort) => {
    const counting = { postMessage: (v: unknown) => port.postMessage(v), close: () => port.close(), on: (e: 'message', l: (v: unknown) => void) => port.on(e, (v) => (posts.push((v as unknown[]).length / 3), l(v))) };
    server = new ThreadServer<Echo>(counting, {
      requests: {
        double: (n) => {
          if (n < 0) throw new RangeError(`negative: ${n}`);
          return n * 2;
        },
        sum: { batch: (args) => (batches.push([...args]), args.map((n) => (n === 13 ? new ThreadFailure('Unlucky', '13') : n + 100))) },
        later: (text) => new Promise((resolve) => setTimeout(() => resolve(text.toUpperCase()), 5)),
      },
      on: { stop: () => server.close() },
    });
    server.tell('said', 'hello');
  });
  const said: string[] = [];
  const client = new ThreadClient<Echo>(thread, { gone, on: { said: (text) => said.push(text) }, ...options });
  return { client, thread, batches, posts, said, server: () => server };
}

describe('a typed channel to a long-lived thread', () => {
  it('given requests of each kind, then each gets its own reply, a throw its own failure, in one post per turn', async () => {
    const { client, posts, said } = echoThread();
    const replies = await Promise.allSettled([client.request('double', 4), client.request('double', -1), client.request('later', 'abc')]);
    expect(replies).toEqual([
      { status: 'fulfilled', value: 8 },
      { status: 'rejected', reason: new Error('RangeError: negative: -1') },
      { status: 'fulfilled', value: 'ABC' },
    ]);
    expect(posts).toEqual([3]);
    expect(said).toEqual(['hello']);
  });

  it('given batch requests asked in one turn, then the handler gets them together and each caller its own reply or failure', async () => {
    const { client, batches } = echoThread({ failed: (f) => new Error(`the sum failed: ${f.name} ${f.message}`) });
    const replies = await Promise.allSettled([1, 13, 3].map((n) => client.request('sum', n)));
    expect(batches).toEqual([[1, 13, 3]]);
    expect(replies).toEqual([
      { status: 'fulfilled', value: 101 },
      { status: 'rejected', reason: new Error('the sum failed: Unlucky 13') },
      { status: 'fulfilled', value: 103 },
    ]);
  });

  it("given 'idle-first' posting, then a request asked with nothing in flight goes at once and those asked meanwhile go together after its reply", async () => {
    const { client, posts } = echoThread({ posting: 'idle-first' });
    const first = client.request('later', 'a');
    await Promise.resolve();
    const rest = [client.request('double', 1), client.request('double', 2)];
    await Promise.all([first, ...rest]);
    expect(posts).toEqual([1, 2]);
  });

  it('given a thread that ends with a request in flight, then that request and every later one fail with the gone error', async () => {
    const { client, thread } = echoThread();
    const pending = client.request('later', 'x');
    client.tell('stop', null);
    await expect(pending).rejects.toThrow('gone (0)');
    await thread.terminate();
    await expect(client.request('double', 1)).rejects.toThrow('gone (0)');
  });

  it('given a thread that cannot start, then started() rejects with its reason; given one that is ready, it resolves', async () => {
    const broken = new InProcessThread((port) => reportFatalStart(port, new Error('no such file')));
    await expect(ThreadClient.started<Echo>(broken, { gone })).rejects.toThrow('no such file');
    const ready = new InProcessThread((port) => new ThreadServer<Echo>(port, { requests: { double: (n) => n * 2, sum: { batch: (a) => a }, later: (t) => t } }).ready());
    const client = await ThreadClient.started<Echo>(ready, { gone });
    await expect(client.request('double', 21)).resolves.toBe(42);
  });
});
