import { randomUUID } from 'node:crypto';
import { InvalidEventStoreInputError, MAX_APPEND_BYTES } from '@liars-dice/event-store-port';
import { anEvent, events, uniquePrefix, type ContractContext } from './fixtures';

class Money {
  constructor(readonly cents: number) {}
}

export function inputContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;
  const stream = () => `${uniquePrefix('input')}m`;
  const circular: Record<string, unknown> = { a: 1 };
  circular['self'] = circular;

  describe('large events', () => {
    it(
      `given an event just under the ${MAX_APPEND_BYTES}-byte append limit, when appended, then it reads back byte for byte`,
      async () => {
        const name = stream();
        const blob = 'x'.repeat(MAX_APPEND_BYTES - 64 * 1024);
        const big = anEvent('Snapshot', { blob, emoji: '🎲'.repeat(100) });

        await ctx.store().appendToStream(name, [big]);

        const [read] = await ctx.store().readStream(name);
        expect(read?.data).toEqual({ blob, emoji: '🎲'.repeat(100) });
      },
      timeoutMs,
    );

    it(
      'given an append over the limit, when appended, then InvalidEventStoreInputError says so and nothing is written',
      async () => {
        const name = stream();
        const attempt = ctx
          .store()
          .appendToStream(name, [anEvent('Snapshot', { blob: 'x'.repeat(MAX_APPEND_BYTES) })]);
        await expect(attempt).rejects.toMatchObject({ name: 'InvalidEventStoreInputError', field: 'events' });
        await expect(ctx.store().readStream(name)).rejects.toMatchObject({ name: 'StreamNotFoundError' });
      },
      timeoutMs,
    );
  });

  describe('bad input is refused with an error naming the field', () => {
    const badAppends: ReadonlyArray<[string, () => [string, unknown, unknown], string]> = [
      ['an empty stream name', () => ['', [anEvent()], 'any'], 'stream'],
      ['a stream name that is not a string', () => [42 as unknown as string, [anEvent()], 'any'], 'stream'],
      ['a system stream name', () => ['$all', [anEvent()], 'any'], 'stream'],
      ['no events', () => [stream(), [], 'any'], 'events'],
      ['an id that is not a UUID', () => [stream(), [{ ...anEvent(), id: 'bid-1' }], 'any'], 'events[0].id'],
      ['an empty event type', () => [stream(), [{ ...anEvent(), type: '' }], 'any'], 'events[0].type'],
      ['a function in the data', () => [stream(), [anEvent('X', { f: () => 1 })], 'any'], 'events[0].data.f'],
      ['a bigint in the data', () => [stream(), [anEvent('X', { n: 1n })], 'any'], 'events[0].data.n'],
      ['NaN in the data', () => [stream(), [anEvent('X', [1, Number.NaN])], 'any'], 'events[0].data[1]'],
      [
        'a class instance in the data',
        () => [stream(), [anEvent('X', { price: new Money(5) })], 'any'],
        'events[0].data.price',
      ],
      [
        'a Date in the data',
        () => [stream(), [anEvent('X', { at: new Date(0) })], 'any'],
        'events[0].data.at',
      ],
      ['circular data', () => [stream(), [anEvent('X', circular)], 'any'], 'events[0].data.self'],
      [
        'undefined data',
        () => [stream(), [{ id: randomUUID(), type: 'X', data: undefined }], 'any'],
        'events[0].data',
      ],
      [
        'metadata that is not an object',
        () => [stream(), [{ ...anEvent(), metadata: 'x' }], 'any'],
        'events[0].metadata',
      ],
      [
        'a non-string correlation id',
        () => [stream(), [{ ...anEvent(), metadata: { correlationId: 7 } }], 'any'],
        'events[0].metadata.correlationId',
      ],
      [
        'the same id twice',
        () => {
          const e = anEvent();
          return [stream(), [e, e], 'any'];
        },
        'events[1].id',
      ],
      ['an unknown revision kind', () => [stream(), [anEvent()], 'latest'], 'expectedRevision'],
      ['a number instead of a bigint revision', () => [stream(), [anEvent()], 3], 'expectedRevision'],
      ['a negative revision', () => [stream(), [anEvent()], -1n], 'expectedRevision'],
    ];
    it.each(badAppends)(
      'given %s, when appending, then it is refused',
      async (_, make, field) => {
        const [name, batch, expectedRevision] = make();
        const attempt = ctx
          .store()
          .appendToStream(name, batch as never, { expectedRevision: expectedRevision as never });
        await expect(attempt).rejects.toBeInstanceOf(InvalidEventStoreInputError);
        await expect(
          ctx.store().appendToStream(name, batch as never, { expectedRevision: expectedRevision as never }),
        ).rejects.toMatchObject({ field });
      },
      timeoutMs,
    );

    it(
      'given bad read options, when reading, then each is refused by name',
      async () => {
        const name = stream();
        await ctx.store().appendToStream(name, events(1));
        await expect(ctx.store().readStream(name, { maxCount: 0 })).rejects.toMatchObject({
          field: 'maxCount',
        });
        await expect(ctx.store().readStream(name, { fromRevision: -1n })).rejects.toMatchObject({
          field: 'fromRevision',
        });
        await expect(ctx.store().readStream(name, { direction: 'sideways' as never })).rejects.toMatchObject({
          field: 'direction',
        });
        await expect(ctx.store().readStream('')).rejects.toMatchObject({ field: 'stream' });
        await expect(ctx.store().readAll({ filter: { streamPrefixes: [] } })).rejects.toMatchObject({
          field: 'filter.streamPrefixes',
        });
        expect(() => ctx.store().subscribeToAll({ from: { position: -1n } })).toThrow(
          InvalidEventStoreInputError,
        );
        expect(() => ctx.store().subscribeToStream('', {})).toThrow(InvalidEventStoreInputError);
      },
      timeoutMs,
    );
  });
}
