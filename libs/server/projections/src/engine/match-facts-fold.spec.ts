import fc from 'fast-check';
import type { RecordedEvent } from '@liars-dice/event-store-port';
import { evolveFacts, type MatchFacts } from '@liars-dice/game-projections';
import { playedMatch } from '@liars-dice/game-projections/testing';
import { streamsOf, toRecorded } from '../testing';
import { MatchFactsFold } from './match-facts-fold';
import { toProjected } from './projected';

/** Interleaved matches as the store delivers them, one global position each. */
function recorded(matches: number): RecordedEvent[] {
  const logs = Array.from({ length: matches }, (_, i) =>
    playedMatch({ matchId: `m${i}`, ruleset: (['classic', 'perudo', 'revolver'] as const)[i % 3], accounts: ['ann', 'bob', i % 2 ? null : 'cy'], ranked: i % 2 === 0, seed: i + 7 }),
  );
  const out: RecordedEvent[] = [];
  for (let k = 0; logs.some((log) => k < log.length); k++) for (const log of logs) if (log[k]) out.push(toRecorded(log[k] as NonNullable<(typeof log)[number]>, BigInt(out.length + 1)));
  return out;
}

const events = recorded(5);

/** The facts before and after each event, by the plain fold of its match's events (what the log says). */
const expected: { before: MatchFacts | null; after: MatchFacts | null }[] = (() => {
  const last = new Map<string, MatchFacts | null>();
  return events.map((record) => {
    const projected = toProjected(record);
    const before = last.get(record.streamName) ?? null;
    const after = projected ? evolveFacts(before, projected) : before;
    last.set(record.streamName, after);
    return { before, after };
  });
})();

const all = (): boolean => true;

describe('MatchFactsFold', () => {
  it('property: however the events are cut into batches, restarted from nothing or evicted, each event gets the facts the log gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: events.length - 1 }), { maxLength: 10 }),
        fc.uniqueArray(fc.integer({ min: 1, max: events.length - 1 }), { maxLength: 3 }),
        fc.record({ live: fc.integer({ min: 1, max: 6 }), finished: fc.integer({ min: 0, max: 3 }) }),
        async (cuts, restarts, limits) => {
          // Given a store holding the events, and a fold that starts again at some cuts (a new process)
          const store = streamsOf(events);
          let fold = new MatchFactsFold(limits);
          const bounds = [...new Set([...cuts, ...restarts])].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...bounds, events.length]) {
            if (restarts.includes(from)) fold = new MatchFactsFold(limits);
            const batch = events.slice(from, cut);
            // When the batch's gaps are read and the batch folded
            await fold.load(store, fold.gaps(batch, all));
            const folded = fold.fold(batch.map((record) => ({ record, projected: toProjected(record) })), all);
            // Then each event's facts before and after are the log's
            expect(folded).toEqual(expected.slice(from, cut));
            from = cut;
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('given every event folded in one go, then nothing is read from the store and each event gets the log’s facts', async () => {
    const store = streamsOf(events);
    const fold = new MatchFactsFold();
    expect(fold.gaps(events, all)).toEqual([]);
    const folded = fold.fold(events.map((record) => ({ record, projected: toProjected(record) })), all);
    expect(folded).toEqual(expected);
    expect(store.reads()).toBe(0);
  });

  it('given a batch replayed from behind (a projection rebuilt while others are ahead), then its facts are read again from the stream start', async () => {
    const store = streamsOf(events);
    const fold = new MatchFactsFold();
    fold.fold(events.map((record) => ({ record, projected: toProjected(record) })), all);
    const replay = events.slice(20, 40);
    const gaps = fold.gaps(replay, all);
    expect(gaps.every((gap) => gap.after === null)).toBe(true);
    await fold.load(store, gaps);
    expect(fold.fold(replay.map((record) => ({ record, projected: toProjected(record) })), all)).toEqual(expected.slice(20, 40));
  });

  it('given events no projection still needs, then they are neither read nor folded', () => {
    const fold = new MatchFactsFold();
    const later = events.slice(30);
    expect(fold.gaps(later, () => false)).toEqual([]);
    expect(fold.fold(later.map((record) => ({ record, projected: toProjected(record) })), () => false).every((f) => f === null)).toBe(true);
  });

  it('given a batch whose gaps were not read, then folding it throws before it changes anything', () => {
    const fold = new MatchFactsFold();
    expect(() => fold.fold(events.slice(30).map((record) => ({ record, projected: toProjected(record) })), all)).toThrow(/not loaded: call ProjectionEngine.prepare first/);
  });

  it('given a stream that ends before the event that arrived, then loading says so', async () => {
    const fold = new MatchFactsFold();
    const late = events.filter((e) => e.streamName === 'match-m1')[10] as RecordedEvent;
    await expect(fold.load(streamsOf(events.filter((e) => e.streamName !== 'match-m1')), fold.gaps([late], all))).rejects.toThrow(/match-m1 ends at revision -1, but an event at 10 arrived/);
  });
});
