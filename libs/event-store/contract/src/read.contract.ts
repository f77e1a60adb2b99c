import { StreamNotFoundError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { anEvent, events, uniquePrefix, type ContractContext } from './fixtures';

export function readContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;
  const turns = (read: readonly { data: unknown }[]) =>
    read.map((event) => (event.data as { index: number }).index);

  describe('readStream', () => {
    let stream: string;
    beforeEach(async () => {
      stream = `${uniquePrefix('read')}match`;
      await ctx.store().appendToStream(stream, events(6), { expectedRevision: 'no_stream' });
    }, timeoutMs);

    it(
      'given six events, when read forwards from revision 2 with maxCount 3, then revisions 2..4 come back',
      async () => {
        const read = await ctx.store().readStream(stream, { fromRevision: 2n, maxCount: 3 });
        expect(read.map((event) => event.revision)).toEqual([2n, 3n, 4n]);
        expect(turns(read)).toEqual([2, 3, 4]);
      },
      timeoutMs,
    );

    it(
      'given six events, when read backwards from the end with maxCount 2, then revisions 5 and 4 come back',
      async () => {
        const read = await ctx.store().readStream(stream, { direction: 'backwards', maxCount: 2 });
        expect(read.map((event) => event.revision)).toEqual([5n, 4n]);
      },
      timeoutMs,
    );

    it(
      'given six events, when read backwards from revision 3, then revisions 3..0 come back',
      async () => {
        const read = await ctx.store().readStream(stream, { direction: 'backwards', fromRevision: 3n });
        expect(read.map((event) => event.revision)).toEqual([3n, 2n, 1n, 0n]);
      },
      timeoutMs,
    );

    it(
      'given six events, when read from past the end, then nothing comes back',
      async () => {
        expect(await ctx.store().readStream(stream, { fromRevision: 6n })).toEqual([]);
      },
      timeoutMs,
    );

    it(
      'given no such stream, when it is read, then StreamNotFoundError names it',
      async () => {
        const missing = `${uniquePrefix('read')}missing`;
        await expect(ctx.store().readStream(missing)).rejects.toBeInstanceOf(StreamNotFoundError);
        await expect(ctx.store().readStream(missing)).rejects.toMatchObject({ stream: missing });
      },
      timeoutMs,
    );

    it(
      'given no such stream, when read with readStreamIfExists, then it is null; given the six events, then it reads what readStream reads, an empty page past the end',
      async () => {
        expect(await ctx.store().readStreamIfExists(`${uniquePrefix('read')}missing`)).toBeNull();
        expect(await ctx.store().readStreamIfExists(stream, { fromRevision: 4n })).toEqual(await ctx.store().readStream(stream, { fromRevision: 4n }));
        expect((await ctx.store().readStreamIfExists(stream, { direction: 'backwards', maxCount: 1 }))?.map((event) => event.revision)).toEqual([5n]);
        expect(await ctx.store().readStreamIfExists(stream, { fromRevision: 6n })).toEqual([]);
        await ctx.store().deleteStream(stream);
        expect(await ctx.store().readStreamIfExists(stream)).toBeNull();
      },
      timeoutMs,
    );
  });

  describe('readAll', () => {
    it(
      'given events in two streams, when $all is read from a position, then it starts there (inclusive), forwards and backwards',
      async () => {
        const prefix = uniquePrefix('all');
        const a = await ctx
          .store()
          .appendToStream(`${prefix}a`, events(3), { expectedRevision: 'no_stream' });
        await ctx.store().appendToStream(`${prefix}b`, events(3), { expectedRevision: 'no_stream' });
        const filter = { streamPrefixes: [prefix] };
        const everything = await ctx.store().readAll({ filter });
        expect(everything.map((event) => event.streamName)).toEqual([
          ...Array(3).fill(`${prefix}a`),
          ...Array(3).fill(`${prefix}b`),
        ]);

        const fromA2 = await ctx.store().readAll({ filter, fromPosition: a.position, maxCount: 2 });
        expect(fromA2.map((event) => [event.streamName, event.revision])).toEqual([
          [`${prefix}a`, 2n],
          [`${prefix}b`, 0n],
        ]);
        const backwards = await ctx.store().readAll({ filter, direction: 'backwards', maxCount: 4 });
        expect(backwards.map((event) => event.id)).toEqual(
          everything
            .slice(2)
            .reverse()
            .map((event) => event.id),
        );
        const lastPosition = everything[everything.length - 1]?.position ?? 0n;
        const fromEnd = await ctx
          .store()
          .readAll({ filter, direction: 'backwards', fromPosition: a.position });
        expect(fromEnd.map((event) => event.revision)).toEqual([2n, 1n, 0n]);
        expect(lastPosition > a.position).toBe(true);
      },
      timeoutMs,
    );

    it(
      'given events of several types, when $all is read with an event-type filter, then only those types come back',
      async () => {
        const prefix = uniquePrefix('types');
        const wanted = `${prefix}Challenged`;
        await ctx
          .store()
          .appendToStream(`${prefix}m`, [
            anEvent(`${prefix}Bid`),
            anEvent(wanted),
            anEvent(`${prefix}Bid`),
            anEvent(wanted),
          ]);
        const read = await ctx.store().readAll({ filter: { eventTypes: [wanted] } });
        expect(read.map((event) => [event.type, event.revision])).toEqual([
          [wanted, 1n],
          [wanted, 3n],
        ]);
      },
      timeoutMs,
    );
  });

  describe('deleteStream', () => {
    it(
      'given a deleted stream, when read, then it is not found; when appended again with no_stream, then only the new events read back, after the old revisions',
      async () => {
        const stream = `${uniquePrefix('delete')}match`;
        await ctx.store().appendToStream(stream, events(2), { expectedRevision: 'no_stream' });

        await ctx.store().deleteStream(stream, { expectedRevision: 1n });

        await expect(ctx.store().readStream(stream)).rejects.toBeInstanceOf(StreamNotFoundError);
        const revived = await ctx
          .store()
          .appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const read = await ctx.store().readStream(stream);
        expect(read.map((event) => event.revision)).toEqual([revived.nextExpectedRevision]);
        expect(revived.nextExpectedRevision >= 2n).toBe(true);
      },
      timeoutMs,
    );

    it(
      'given a stream at revision 1, when deleting with expected revision 0n, then it conflicts and the stream stays',
      async () => {
        const stream = `${uniquePrefix('delete')}match`;
        await ctx.store().appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        await expect(ctx.store().deleteStream(stream, { expectedRevision: 0n })).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        expect(await ctx.store().readStream(stream)).toHaveLength(2);
      },
      timeoutMs,
    );
  });
}
