import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type ExpectedRevision } from '@liars-dice/event-store-port';
import { anEvent, events, uniquePrefix, type ContractContext } from './fixtures';

export function appendContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;

  describe('appending', () => {
    it(
      'given a new stream, when events are appended, then they get revisions 0, 1, 2… and read back intact',
      async () => {
        const stream = `${uniquePrefix('append')}match`;
        const metadata = {
          correlationId: randomUUID(),
          causationId: randomUUID(),
          commandId: randomUUID(),
          actor: 'seat-1',
          recordedAt: '2026-01-01T00:00:00.000Z',
        };
        const written = [
          anEvent('MatchOpened', { seats: 4, family: 'perudo' }, metadata),
          anEvent('BidPlaced', { quantity: 2, face: 5, note: 'é✓' }),
        ];

        const result = await ctx.store().appendToStream(stream, written, { expectedRevision: 'no_stream' });

        expect(result.nextExpectedRevision).toBe(1n);
        expect(typeof result.position).toBe('bigint');
        const read = await ctx.store().readStream(stream);
        expect(
          read.map(({ id, type, data, revision, streamName }) => ({ id, type, data, revision, streamName })),
        ).toEqual([
          {
            id: written[0]?.id,
            type: 'MatchOpened',
            data: { seats: 4, family: 'perudo' },
            revision: 0n,
            streamName: stream,
          },
          {
            id: written[1]?.id,
            type: 'BidPlaced',
            data: { quantity: 2, face: 5, note: 'é✓' },
            revision: 1n,
            streamName: stream,
          },
        ]);
        expect(read[0]?.metadata).toMatchObject(metadata);
        expect(read[0]?.created).toBeInstanceOf(Date);
        expect(read[1]?.position).toBe(result.position);
        expect((read[0]?.position ?? 0n) < (read[1]?.position ?? 0n)).toBe(true);
      },
      timeoutMs,
    );

    it(
      'given a stream at revision 1, when appending with expected revision 1n, then the stream continues at 2',
      async () => {
        const stream = `${uniquePrefix('append')}match`;
        const first = await ctx.store().appendToStream(stream, events(2), { expectedRevision: 'no_stream' });

        const second = await ctx
          .store()
          .appendToStream(stream, events(1), { expectedRevision: first.nextExpectedRevision });

        expect(second.nextExpectedRevision).toBe(2n);
        expect(second.position > first.position).toBe(true);
        const third = await ctx
          .store()
          .appendToStream(stream, events(1), { expectedRevision: 'stream_exists' });
        expect(third.nextExpectedRevision).toBe(3n);
      },
      timeoutMs,
    );
  });

  describe('optimistic concurrency', () => {
    const conflicts: ReadonlyArray<[string, number, ExpectedRevision, bigint | 'no_stream']> = [
      ['no_stream on an existing stream', 1, 'no_stream', 0n],
      ['stream_exists on a missing stream', 0, 'stream_exists', 'no_stream'],
      ['a stale exact revision', 2, 0n, 1n],
      ['a future exact revision', 1, 5n, 0n],
      ['an exact revision on a missing stream', 0, 0n, 'no_stream'],
    ];
    it.each(conflicts)(
      'given %s, when appending, then WrongExpectedRevisionError reports expected and actual',
      async (_, existing, expected, actual) => {
        const stream = `${uniquePrefix('conflict')}match`;
        if (existing > 0)
          await ctx.store().appendToStream(stream, events(existing), { expectedRevision: 'no_stream' });

        const attempt = ctx.store().appendToStream(stream, events(1), { expectedRevision: expected });

        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(
          ctx.store().appendToStream(stream, events(1), { expectedRevision: expected }),
        ).rejects.toMatchObject({ stream, expected, actual });
        const after = existing > 0 ? await ctx.store().readStream(stream) : [];
        expect(after).toHaveLength(existing);
      },
      timeoutMs,
    );

    it(
      'given ten writers expecting the same revision at once, then exactly one wins and the rest conflict',
      async () => {
        const stream = `${uniquePrefix('race')}match`;
        await ctx.store().appendToStream(stream, events(1), { expectedRevision: 'no_stream' });

        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () =>
            ctx.store().appendToStream(stream, events(1), { expectedRevision: 0n }),
          ),
        );

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
        );
        expect(rejected).toHaveLength(9);
        rejected.forEach((reason) =>
          expect(reason).toMatchObject({ name: 'WrongExpectedRevisionError', expected: 0n, actual: 1n }),
        );
        expect(await ctx.store().readStream(stream)).toHaveLength(2);
      },
      timeoutMs,
    );
  });

  describe('idempotent retries', () => {
    it.each([
      ['an exact revision', 0n],
      ['no_stream', 'no_stream'],
      ['any', 'any'],
      ['stream_exists', 'stream_exists'],
    ] as const)(
      'given an append that succeeded, when it is retried with the same ids and %s, then it succeeds without writing twice',
      async (_, expectedRevision) => {
        const stream = `${uniquePrefix('retry')}match`;
        if (expectedRevision !== 'no_stream')
          await ctx.store().appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const batch = events(3);
        const first = await ctx.store().appendToStream(stream, batch, { expectedRevision });

        const retry = await ctx.store().appendToStream(stream, batch, { expectedRevision });

        expect(retry).toEqual(first);
        const read = await ctx.store().readStream(stream);
        expect(read.map((event) => event.id).filter((id) => batch.some((sent) => sent.id === id))).toEqual(
          batch.map((sent) => sent.id),
        );
      },
      timeoutMs,
    );

    it(
      'given the same append sent twice at once, then both succeed with one result and one copy',
      async () => {
        const stream = `${uniquePrefix('retry')}match`;
        const batch = events(2);

        const [a, b] = await Promise.all([
          ctx.store().appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
          ctx.store().appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
        ]);

        expect(a).toEqual(b);
        expect(await ctx.store().readStream(stream)).toHaveLength(2);
      },
      timeoutMs,
    );
  });

  describe('ordering under concurrent appends', () => {
    it(
      'given 24 streams written concurrently, then each stream is in order and $all holds every event once, in position order',
      async () => {
        const prefix = uniquePrefix('order');
        const streams = Array.from({ length: 24 }, (_, index) => `${prefix}${index}`);
        const acknowledged = new Map<string, bigint>();

        await Promise.all(
          streams.map(async (stream) => {
            let expectedRevision: bigint | 'no_stream' = 'no_stream';
            for (let turn = 0; turn < 8; turn += 1) {
              const event = anEvent('BidPlaced', { stream, turn });
              const result = await ctx.store().appendToStream(stream, [event], { expectedRevision });
              acknowledged.set(event.id, result.position);
              expectedRevision = result.nextExpectedRevision;
            }
          }),
        );

        for (const stream of streams) {
          const read = await ctx.store().readStream(stream);
          expect(read.map((event) => [event.revision, (event.data as { turn: number }).turn])).toEqual(
            Array.from({ length: 8 }, (_, turn) => [BigInt(turn), turn]),
          );
        }
        const all = await ctx.store().readAll({ filter: { streamPrefixes: [prefix] } });
        expect(all).toHaveLength(acknowledged.size);
        expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
        all.forEach((event, index) => {
          expect(event.position).toBe(acknowledged.get(event.id));
          if (index > 0) expect(event.position > (all[index - 1]?.position ?? 0n)).toBe(true);
        });
      },
      timeoutMs,
    );
  });
}
