import type { RecordedEvent, SubscriptionMessage } from '@liars-dice/event-store-port';
import {
  anEvent,
  collect,
  countEvents,
  eventIds,
  events,
  uniquePrefix,
  type ContractContext,
} from './fixtures';

export function subscriptionContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;
  const live = (n: number) => (messages: readonly SubscriptionMessage[]) => countEvents(messages) >= n;
  const appendSpread = async (prefix: string, streams: number, perStream: number) => {
    await Promise.all(
      Array.from({ length: streams }, async (_, s) => {
        for (let i = 0; i < perStream; i += 1)
          await ctx.store().appendToStream(`${prefix}${s}`, [anEvent('BidPlaced', { s, i })]);
      }),
    );
  };

  describe('subscribeToAll', () => {
    it(
      'given events already stored, when subscribing while more are appended, then every event arrives once, in $all order, with one caught-up signal',
      async () => {
        const prefix = uniquePrefix('sub');
        await appendSpread(prefix, 6, 20);
        const subscription = ctx
          .store()
          .subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });

        const [messages] = await Promise.all([
          collect(subscription, live(240), timeoutMs),
          appendSpread(prefix, 6, 20),
        ]);

        const stored = await ctx.store().readAll({ filter: { streamPrefixes: [prefix] } });
        expect(stored).toHaveLength(240);
        expect(eventIds(messages)).toEqual(stored.map((event) => event.id));
        const caughtUp = messages.findIndex((message) => message.kind === 'caught-up');
        expect(messages.filter((message) => message.kind === 'caught-up')).toHaveLength(1);
        expect(caughtUp).toBeGreaterThanOrEqual(120);
      },
      timeoutMs,
    );

    it(
      'given nothing matching yet, when subscribing, then caught-up comes first and live events follow',
      async () => {
        const prefix = uniquePrefix('sub');
        const subscription = ctx
          .store()
          .subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } });
        const iterator = subscription[Symbol.asyncIterator]();
        expect((await iterator.next()).value).toMatchObject({ kind: 'caught-up' });

        const written = anEvent();
        await ctx.store().appendToStream(`${prefix}m`, [written]);

        expect((await iterator.next()).value).toMatchObject({
          kind: 'event',
          event: { id: written.id, streamName: `${prefix}m` },
        });
        await subscription.close();
        expect((await iterator.next()).done).toBe(true);
      },
      timeoutMs,
    );

    it(
      'given a stored checkpoint, when resubscribing from it, then delivery resumes with the next event, none repeated',
      async () => {
        const prefix = uniquePrefix('resume');
        await appendSpread(prefix, 3, 4);
        const filter = { streamPrefixes: [prefix] };
        const firstRun = await collect(
          ctx.store().subscribeToAll({ from: 'start', filter }),
          live(5),
          timeoutMs,
        );
        const checkpoint = lastEvent(firstRun).position;
        await appendSpread(prefix, 2, 3);

        const secondRun = await collect(
          ctx.store().subscribeToAll({ from: { position: checkpoint }, filter }),
          live(13),
          timeoutMs,
        );

        const stored = await ctx.store().readAll({ filter });
        expect([...eventIds(firstRun), ...eventIds(secondRun)]).toEqual(stored.map((event) => event.id));
      },
      timeoutMs,
    );

    it(
      "given existing events, when subscribing from 'end', then only later events arrive",
      async () => {
        const prefix = uniquePrefix('end');
        await ctx.store().appendToStream(`${prefix}m`, events(3));
        const subscription = ctx
          .store()
          .subscribeToAll({ from: 'end', filter: { streamPrefixes: [prefix] } });
        const later = events(2);
        const appended = ctx.store().appendToStream(`${prefix}m`, later);

        const messages = await collect(subscription, live(2), timeoutMs);

        await appended;
        expect(eventIds(messages)).toEqual(later.map((event) => event.id));
      },
      timeoutMs,
    );

    it(
      'given several event types, when subscribing with an event-type filter, then only those types arrive',
      async () => {
        const prefix = uniquePrefix('typesub');
        const wanted = `${prefix}Shot`;
        const subscription = ctx.store().subscribeToAll({ from: 'start', filter: { eventTypes: [wanted] } });
        const shots = [anEvent(wanted), anEvent(wanted)];
        await ctx
          .store()
          .appendToStream(`${prefix}m`, [
            anEvent(`${prefix}Bid`),
            shots[0]!,
            anEvent(`${prefix}Bid`),
            shots[1]!,
          ]);

        const messages = await collect(subscription, live(2), timeoutMs);

        expect(eventIds(messages)).toEqual(shots.map((event) => event.id));
      },
      timeoutMs,
    );
  });

  describe('subscribeToStream', () => {
    it(
      'given a stream with events, when subscribing from a revision while appending, then later revisions arrive in order, once',
      async () => {
        const stream = `${uniquePrefix('stream-sub')}m`;
        const other = `${uniquePrefix('stream-sub')}other`;
        await ctx.store().appendToStream(stream, events(4), { expectedRevision: 'no_stream' });
        const subscription = ctx.store().subscribeToStream(stream, { from: { revision: 1n } });

        const [messages] = await Promise.all([
          collect(subscription, live(7), timeoutMs),
          (async () => {
            await ctx.store().appendToStream(other, events(2));
            for (let i = 0; i < 5; i += 1) await ctx.store().appendToStream(stream, events(1));
          })(),
        ]);

        const revisions = messages.flatMap((message) =>
          message.kind === 'event' ? [message.event.revision] : [],
        );
        expect(revisions).toEqual([2n, 3n, 4n, 5n, 6n, 7n, 8n]);
        expect(messages.filter((message) => message.kind === 'caught-up')).toHaveLength(1);
      },
      timeoutMs,
    );

    it(
      'given a stream not yet written, when subscribing from the start, then caught-up comes and its first events follow',
      async () => {
        const stream = `${uniquePrefix('stream-sub')}new`;
        const subscription = ctx.store().subscribeToStream(stream, { from: 'start' });
        const written = events(2);
        const appended = ctx.store().appendToStream(stream, written, { expectedRevision: 'no_stream' });

        const messages = await collect(subscription, live(2), timeoutMs);

        await appended;
        expect(eventIds(messages)).toEqual(written.map((event) => event.id));
      },
      timeoutMs,
    );
  });
}

function lastEvent(messages: readonly SubscriptionMessage[]): RecordedEvent {
  const events = messages.flatMap((message) => (message.kind === 'event' ? [message.event] : []));
  const last = events[events.length - 1];
  if (!last) throw new Error('no event was delivered');
  return last;
}
