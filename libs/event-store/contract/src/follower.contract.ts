import {
  AllFollower,
  type AllFollowerHandlers,
  type EventStore,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionMessage,
} from '@liars-dice/event-store-port';
import { anEvent, events, uniquePrefix, type ContractContext } from './fixtures';

/**
 * The store as given, except that its `$all` subscription number n (0-based) fails after delivering
 * `failAfter[n]` events (none for undefined): a dropped connection, a crashed writer. Records where each began.
 */
function failing(store: EventStore, failAfter: readonly (number | undefined)[]) {
  const froms: SubscribeToAllOptions['from'][] = [];
  const subscribeToAll = (options?: SubscribeToAllOptions): Subscription => {
    const limit = failAfter[froms.length];
    froms.push(options?.from);
    const inner = store.subscribeToAll(options);
    return {
      close: () => inner.close(),
      async *[Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
        let delivered = 0;
        for await (const message of inner) {
          if (message.kind === 'event' && delivered === limit) throw new Error('injected subscription failure');
          if (message.kind === 'event') delivered += 1;
          yield message;
        }
      },
    };
  };
  const wrapped: EventStore = {
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    readStreamIfExists: (...args) => store.readStreamIfExists(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToStream: (...args) => store.subscribeToStream(...args),
    deleteStream: (...args) => store.deleteStream(...args),
    close: () => store.close(),
    subscribeToAll,
  };
  return { store: wrapped, froms };
}

/** What a follower told its handlers. */
function recorder(extra: Partial<AllFollowerHandlers> = {}) {
  const seen = { events: [] as RecordedEvent[], caughtUp: 0, failures: [] as (number | null)[] };
  const handlers: AllFollowerHandlers = {
    event: (event) => {
      seen.events.push(event);
      return extra.event?.(event);
    },
    caughtUp: () => void (seen.caughtUp += 1),
    failed: (_error, retryInMs) => void seen.failures.push(retryInMs),
  };
  return { seen, handlers };
}

async function until(probe: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function followerContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;
  const pauses = (attempt: number) => 10 * (attempt + 1);

  describe('AllFollower (the port\'s resuming $all follower)', () => {
    it(
      'given its subscription fails twice while catching up, then it backs off, resumes after the last event it delivered, delivers every event once in $all order, and reports live once caught up',
      async () => {
        // Given ten stored events in two followed streams and one in a stream not followed
        const prefix = uniquePrefix('follow');
        for (let i = 0; i < 5; i += 1) {
          await ctx.store().appendToStream(`${prefix}a`, [anEvent('BidPlaced', { i })]);
          await ctx.store().appendToStream(`${prefix}b`, [anEvent('BidPlaced', { i })]);
        }
        await ctx.store().appendToStream(`other-${prefix}`, events(1));
        const flaky = failing(ctx.store(), [3, 2]);
        const { seen, handlers } = recorder();
        // When a follower from the start loses its subscription after 3 events, then after 2 more
        const follower = new AllFollower(flaky.store, { streamPrefixes: [prefix], from: 'start', retryPause: pauses }, handlers);
        follower.start();
        await until(() => follower.live, timeoutMs, 'live');
        // Then live follows the third subscription's catch-up, and a live append arrives too
        await ctx.store().appendToStream(`${prefix}a`, events(1));
        await until(() => seen.events.length === 11, timeoutMs, '11 events');
        const stored = await ctx.store().readAll({ filter: { streamPrefixes: [prefix] } });
        expect(seen.events.map((event) => event.id)).toEqual(stored.map((event) => event.id));
        expect(flaky.froms).toEqual(['start', { position: stored[2]!.position }, { position: stored[4]!.position }]);
        expect(seen.failures).toEqual([10, 20]);
        expect(seen.caughtUp).toBe(1);
        expect(follower.position).toBe(stored[10]!.position);
        await follower.stop();
      },
      timeoutMs,
    );

    it(
      'given it is live, when the subscription fails, then it is not live until caught up again, and the back-off starts over from the first pause',
      async () => {
        const prefix = uniquePrefix('follow');
        const flaky = failing(ctx.store(), [1, 1]);
        const { seen, handlers } = recorder();
        const follower = new AllFollower(flaky.store, { streamPrefixes: [prefix], from: 'end', retryPause: pauses }, handlers);
        follower.start();
        await until(() => follower.live, timeoutMs, 'live');

        // When the first live event is followed by a failure, and again after the next caught-up
        await ctx.store().appendToStream(`${prefix}m`, events(2));
        await until(() => seen.failures.length === 1, timeoutMs, 'the first failure');
        expect(follower.live).toBe(false);
        await until(() => seen.caughtUp === 2, timeoutMs, 'caught up again');
        await ctx.store().appendToStream(`${prefix}m`, events(1));
        await until(() => seen.failures.length === 2 && seen.caughtUp === 3, timeoutMs, 'the second failure and catch-up');

        // Then each failure came after a catch-up, so each waited the first pause
        expect(seen.failures).toEqual([10, 10]);
        expect(seen.events).toHaveLength(3);
        expect(new Set(seen.events.map((event) => event.id)).size).toBe(3);
        await follower.stop();
      },
      timeoutMs,
    );

    it(
      'given "end", then only events appended after it started arrive; given a handler that throws, then that event is delivered again',
      async () => {
        const prefix = uniquePrefix('follow');
        await ctx.store().appendToStream(`${prefix}old`, events(2));
        let refusals = 1;
        const { seen, handlers } = recorder({
          event: () => {
            if (refusals-- > 0) throw new Error('not yet');
          },
        });
        const follower = new AllFollower(ctx.store(), { streamPrefixes: [prefix], from: 'end', retryPause: pauses }, handlers);
        follower.start();
        await until(() => follower.live, timeoutMs, 'live');
        const [fresh] = events(1);
        await ctx.store().appendToStream(`${prefix}new`, [fresh!]);
        await until(() => seen.events.length === 2 && follower.live, timeoutMs, 'the event again');
        expect(seen.events.map((event) => event.id)).toEqual([fresh!.id, fresh!.id]);
        expect(seen.failures).toEqual([10]);
        await follower.stop();
      },
      timeoutMs,
    );

    it(
      'given an abort signal, when it is aborted (live, or waiting to retry), then nothing more arrives and it does not subscribe again',
      async () => {
        const prefix = uniquePrefix('follow');
        const controller = new AbortController();
        const { seen, handlers } = recorder();
        const follower = new AllFollower(ctx.store(), { streamPrefixes: [prefix], from: 'start', retryPause: pauses, signal: controller.signal }, handlers);
        follower.start();
        await until(() => follower.live, timeoutMs, 'live');
        controller.abort();
        expect(follower.live).toBe(false);
        await ctx.store().appendToStream(`${prefix}m`, events(2));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(seen.events).toHaveLength(0);

        // A follower aborted while it waits out a back-off never subscribes again
        const waiting = new AbortController();
        const flaky = failing(ctx.store(), [0]);
        const second = new AllFollower(flaky.store, { streamPrefixes: [prefix], from: 'start', retryPause: () => 50, signal: waiting.signal }, recorder().handlers);
        second.start();
        await until(() => flaky.froms.length === 1 && !second.live, timeoutMs, 'the failure');
        await new Promise((resolve) => setTimeout(resolve, 10));
        waiting.abort();
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(flaky.froms).toHaveLength(1);
        second.start();
        expect(flaky.froms).toHaveLength(1);
      },
      timeoutMs,
    );
  });
}
