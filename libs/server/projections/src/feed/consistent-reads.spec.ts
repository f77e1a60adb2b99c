import type { EventStore, ReadAllOptions, RecordedEvent } from '@liars-dice/event-store-port';
import { Refusal } from '@liars-dice/server-platform';
import { ConsistentReads } from './consistent-reads';
import { ReadProgress } from './read-progress';

/** The store's log as positions and streams: a match event at 5, an account's at 6 (the read models skip it), a match's at 7. */
const LOG = [
  { position: 5n, streamName: 'match-m1' },
  { position: 6n, streamName: 'account-a1' },
  { position: 7n, streamName: 'match-m2' },
] as unknown as RecordedEvent[];

const store = {
  readAll: async (options: ReadAllOptions = {}) => {
    const prefixes = options.filter && 'streamPrefixes' in options.filter ? options.filter.streamPrefixes : null;
    const from = typeof options.fromPosition === 'bigint' ? options.fromPosition : null;
    const kept = LOG.filter((e) => (!prefixes || prefixes.some((p) => e.streamName.startsWith(p))) && (from === null || e.position <= from));
    return kept.reverse().slice(0, options.maxCount);
  },
} as unknown as EventStore;

/** Read models that have committed up to `at`, moved on by `apply`. */
class Progress extends ReadProgress {
  private waiting: { position: bigint; resolve: () => void }[] = [];
  constructor(public at: bigint | null) {
    super();
  }
  appliedUpTo(): bigint | null {
    return this.at;
  }
  whenApplied(position: bigint): Promise<void> {
    return this.at !== null && this.at >= position ? Promise.resolve() : new Promise((resolve) => this.waiting.push({ position, resolve }));
  }
  apply(at: bigint): void {
    this.at = at;
    for (const w of this.waiting.splice(0)) if (w.position <= at) w.resolve();
  }
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: Refusal) => ({ code: error.code, field: error.field, message: error.message }));

describe('a read that must see a write (consistentAfter, ADR 0071)', () => {
  it('given no position, then it reads at once', async () => {
    await expect(new ConsistentReads(new Progress(null), store, 50).reached(null)).resolves.toBeUndefined();
  });

  it('given read models past the position, then it reads at once', async () => {
    await expect(new ConsistentReads(new Progress(7n), store, 50).reached('5')).resolves.toBeUndefined();
  });

  it('given a position whose last followed event is applied (the account event at 6 is not followed), then it reads at once', async () => {
    await expect(new ConsistentReads(new Progress(5n), store, 50).reached('6')).resolves.toBeUndefined();
  });

  it('given read models behind the position, when they apply it, then the read goes on', async () => {
    const progress = new Progress(5n);
    let done = false;
    const reading = new ConsistentReads(progress, store, 5_000).reached('7').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    progress.apply(7n);
    await reading;
    expect(done).toBe(true);
  });

  it('given read models that do not get there in time, then READ_MODEL_BEHIND names the argument', async () => {
    expect(await refusal(new ConsistentReads(new Progress(5n), store, 50).reached('7'))).toEqual({
      code: 'READ_MODEL_BEHIND',
      field: 'consistentAfter',
      message: 'consistentAfter: the read models have not reached position 7 within 0.05 s; read again later',
    });
  });

  it.each`
    given       | message
    ${'7a'}     | ${'consistentAfter: a position a mutation answered (digits)'}
    ${'-1'}     | ${'consistentAfter: a position a mutation answered (digits)'}
    ${'8'}      | ${"consistentAfter: position 8 is past the store's last event (7): pass a position a mutation answered"}
  `('given $given, then BAD_USER_INPUT names the argument', async ({ given, message }) => {
    expect(await refusal(new ConsistentReads(new Progress(5n), store, 50).reached(given))).toEqual({ code: 'BAD_USER_INPUT', field: 'consistentAfter', message });
  });
});
