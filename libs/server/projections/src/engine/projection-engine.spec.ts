import fc from 'fast-check';
import type { RecordedEvent } from '@liars-dice/event-store-port';
import type { ProjectedEvent } from '@liars-dice/game-projections';
import { playedMatch } from '@liars-dice/game-projections/testing';
import { streamsOf, toRecorded } from '../testing';
import { PROJECTION_NAMES } from '../read-models';
import { openReadDatabase } from '../read-database';
import { ProjectionEngine } from './projection-engine';

/** Sample matches as the store would deliver them: interleaved, one global position each. */
function recorded(matches: number): RecordedEvent[] {
  const logs = Array.from({ length: matches }, (_, i) =>
    playedMatch({ matchId: `m${i}`, ruleset: (['classic', 'perudo', 'revolver'] as const)[i % 3], accounts: ['ann', 'bob', i % 2 ? null : 'cy'], ranked: i % 2 === 0, seed: i + 1 }),
  );
  const out: RecordedEvent[] = [];
  for (let k = 0; logs.some((log) => k < log.length); k++) {
    for (const log of logs) {
      const e: ProjectedEvent | undefined = log[k];
      if (e) out.push(toRecorded(e, BigInt(out.length + 1)));
    }
  }
  return out;
}

function built(events: readonly RecordedEvent[], cuts: readonly number[]): ProjectionEngine {
  const engine = new ProjectionEngine(openReadDatabase(':memory:'));
  let from = 0;
  for (const cut of [...cuts, events.length]) {
    engine.applyBatch(events.slice(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  return engine;
}

const events = recorded(4);

describe('projection engine', () => {
  it('given events applied twice (a redelivery), then the read models and checkpoints do not change', () => {
    const once = built(events, []);
    const dump = once.dump();
    const states = once.states();
    expect(once.applyBatch(events.slice(10, 200))).toBe(0);
    expect(once.dump()).toEqual(dump);
    expect(once.states()).toEqual(states);
  });

  it('property: however the events are cut into transactions, the read models come out the same', () => {
    const whole = built(events, []).dump();
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: events.length - 1 }), { maxLength: 12 }), (cuts) => {
        expect(built(events, [...cuts].sort((a, b) => a - b)).dump()).toEqual(whole);
      }),
      { numRuns: 15 },
    );
  });

  it('given one read model rebuilt from the start while the others stay ahead, each batch by an engine opened afresh, then it catches up to the same rows', async () => {
    // Given every read model half-way, and then match-list emptied (as `npm run rebuild -- match-list` does)
    const db = openReadDatabase(':memory:');
    const engine = new ProjectionEngine(db);
    const half = Math.floor(events.length / 2);
    engine.applyBatch(events.slice(0, half));
    engine.reset(['match-list']);
    // When it replays from the first event in small transactions (behind the others), each by an engine opened
    // afresh (no facts in memory, as after a restart: they are read from the matches' streams), then all go on
    const store = streamsOf(events);
    for (let from = 0; from < events.length; from += 7) {
      const fresh = new ProjectionEngine(db);
      const batch = events.slice(from, from + 7);
      await fresh.prepare(batch, store);
      fresh.applyBatch(batch);
    }
    // Then the read models equal a build from scratch
    expect(engine.dump()).toEqual(built(events, []).dump());
    expect(store.reads()).toBeGreaterThan(0);
  });

  it('given a batch whose facts memory lacks and `prepare` was not called, then it throws and writes nothing', () => {
    const db = openReadDatabase(':memory:');
    new ProjectionEngine(db).applyBatch(events.slice(0, 40));
    const reopened = new ProjectionEngine(db);
    const dump = reopened.dump();
    expect(() => reopened.applyBatch(events.slice(40, 60))).toThrow(/not loaded/);
    expect(reopened.dump()).toEqual(dump);
    expect(reopened.states().map((s) => s.failure)).toEqual(reopened.states().map(() => null));
  });

  it('given every event, then each projection checkpoints at the last position with every match event counted', () => {
    const states = built(events, [100]).states();
    expect(states.map((s) => [s.position, s.events, s.failure])).toEqual(states.map(() => [BigInt(events.length), events.length, null]));
  });

  it('given the registry, then the engine runs every read model under the name the rebuild command takes', () => {
    expect(new ProjectionEngine(openReadDatabase(':memory:')).names).toEqual(PROJECTION_NAMES);
  });
});
