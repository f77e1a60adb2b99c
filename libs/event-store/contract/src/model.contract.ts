import fc from 'fast-check';
import { WrongExpectedRevisionError, type ExpectedRevision } from '@liars-dice/event-store-port';
import { events, uniquePrefix, type ContractContext } from './fixtures';

interface Step {
  readonly stream: number;
  readonly expected: 'no_stream' | 'stream_exists' | 'any' | 'exact' | 'stale';
  readonly count: number;
}

const step = fc.record<Step>({
  stream: fc.integer({ min: 0, max: 2 }),
  expected: fc.constantFrom('no_stream', 'stream_exists', 'any', 'exact', 'stale'),
  count: fc.integer({ min: 1, max: 3 }),
});

/** What the expected revision must be, for the model's last revision of the stream (-1: no stream). */
function expectedFor(kind: Step['expected'], last: number): ExpectedRevision {
  if (kind === 'exact') return BigInt(Math.max(last, 0));
  if (kind === 'stale') return BigInt(last + 2);
  return kind;
}

function accepts(expected: ExpectedRevision, last: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return last < 0;
  if (expected === 'stream_exists') return last >= 0;
  return BigInt(last) === expected;
}

export function modelContract(ctx: ContractContext): void {
  const { timeoutMs } = ctx;

  describe('against a model (fast-check)', () => {
    it(
      'given random appends with random expectations, then conflicts happen exactly when the model says and revisions stay 0..n-1',
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
            const prefix = uniquePrefix('model');
            const last = [-1, -1, -1];
            for (const { stream, expected: kind, count } of steps) {
              const expected = expectedFor(kind, last[stream] ?? -1);
              const attempt = ctx
                .store()
                .appendToStream(`${prefix}${stream}`, events(count), { expectedRevision: expected });
              if (accepts(expected, last[stream] ?? -1)) {
                const result = await attempt;
                last[stream] = (last[stream] ?? -1) + count;
                expect(result.nextExpectedRevision).toBe(BigInt(last[stream] ?? -1));
              } else {
                await expect(attempt).rejects.toBeInstanceOf(WrongExpectedRevisionError);
              }
            }
            const all = await ctx.store().readAll({ filter: { streamPrefixes: [prefix] } });
            for (const [stream, lastRevision] of last.entries()) {
              const revisions = all
                .filter((event) => event.streamName === `${prefix}${stream}`)
                .map((event) => event.revision);
              expect(revisions).toEqual(
                Array.from({ length: lastRevision + 1 }, (_, index) => BigInt(index)),
              );
            }
          }),
          { numRuns: 15 },
        );
      },
      timeoutMs * 2,
    );
  });
}
