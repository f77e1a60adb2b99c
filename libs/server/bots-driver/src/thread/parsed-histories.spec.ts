import fc from 'fast-check';
import { chooseAction } from '@liars-dice/game-bots';
import { DIFFICULTIES } from '@liars-dice/game-match';
import { playedPositions } from '../testing/played-positions';
import { answer } from './bots.worker';
import { type DecisionRequest, encodeAction, encodeDecision, HistoryJson, ParsedHistories } from './protocol';

// Hard play, 2 to 6 seats.
const positions = playedPositions(6, 'hard', (m) => 2 + (m % 5));

const asked = fc.record({
  at: fc.nat(positions.length - 1),
  difficulty: fc.constantFrom(...DIFFICULTIES),
  seed: fc.string({ maxLength: 8 }),
  // Which of two API-side encoders wrote it: their history keys collide, as a restarted API thread's would.
  encoder: fc.constantFrom(0, 1),
});

describe('the CPU-seat thread keeps parsed histories (docs/adr/0033)', () => {
  it('given any decisions from two encoders through one small cache, then each move is the one chosen on the original view', () => {
    fc.assert(
      fc.property(fc.array(asked, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 4 }), (decisions, limit) => {
        // Given
        const encoders = [new HistoryJson(), new HistoryJson()];
        const parsed = new ParsedHistories(limit);
        const requests: DecisionRequest[] = decisions.map(({ at, difficulty, seed, encoder }, id) => {
          const { view, legal } = positions[at]!;
          return encodeDecision(id, { difficulty, view, legal, seed }, encoders[encoder]!);
        });
        // When: once through the warm cache, once through an empty one (a restarted thread)
        const warm = answer({ requests }, parsed);
        const cold = answer({ requests }, new ParsedHistories(limit));
        // Then
        const expected = decisions.flatMap(({ at, difficulty, seed }, id) => [id, encodeAction(chooseAction(difficulty, positions[at]!.view, positions[at]!.legal, seed))]);
        expect(warm).toEqual({ moves: expected, failures: [] });
        expect(cold).toEqual({ moves: expected, failures: [] });
        expect(parsed.size).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 100 },
    );
  });

  it('given two decisions of one round, then the thread parses the history once and hands both the same frozen array', () => {
    const withHistory = positions.filter(({ view }) => view.history.length > 0);
    const [first, second] = withHistory.filter(({ view }) => view.history === withHistory[0]!.view.history);
    const histories = new HistoryJson();
    const parsed = new ParsedHistories();
    const a = encodeDecision(1, { difficulty: 'expert', view: first!.view, legal: first!.legal, seed: 's' }, histories);
    const b = encodeDecision(2, { difficulty: 'expert', view: second!.view, legal: second!.legal, seed: 's' }, histories);
    expect(b.historyKey).toBe(a.historyKey);
    const once = parsed.of(a.historyKey, a.history);
    expect(parsed.of(b.historyKey, b.history)).toBe(once);
    expect(once).toEqual(first!.view.history);
    expect(Object.isFrozen(once) && Object.isFrozen(once[0])).toBe(true);
  });

  it('given a key whose JSON differs from what was parsed under it, then the new JSON is parsed', () => {
    const parsed = new ParsedHistories();
    expect(parsed.of(1, '[]')).toEqual([]);
    const [withHistory] = positions.filter(({ view }) => view.history.length > 0);
    expect(parsed.of(1, JSON.stringify(withHistory!.view.history))).toEqual(withHistory!.view.history);
  });

  it('given the positions of whole matches in order, then each history is written as JSON.stringify writes it, a later round from the one before', () => {
    const histories = new HistoryJson();
    let extended = 0;
    for (const { view } of positions) {
      const written = histories.of(view.history);
      expect(written.json).toBe(JSON.stringify(view.history));
      if (written.base !== undefined) extended++;
    }
    expect(extended).toBeGreaterThan(0);
  });

  it('given a round revealed after one the thread holds, then the new history shares the rounds parsed before', () => {
    const histories = new HistoryJson();
    const parsed = new ParsedHistories();
    const shown = new Set<unknown>();
    const distinct = positions.filter(({ view }) => view.history.length > 0 && !shown.has(view.history) && shown.add(view.history));
    const pairs = distinct.flatMap((p, i) => (distinct[i + 1]?.view.history.length === p.view.history.length + 1 ? [[p, distinct[i + 1]!] as const] : []));
    const [earlier, later] = pairs[0]!;
    const a = encodeDecision(1, { difficulty: 'hard', view: earlier.view, legal: earlier.legal, seed: 's' }, histories);
    const b = encodeDecision(2, { difficulty: 'hard', view: later.view, legal: later.legal, seed: 's' }, histories);
    expect(b.historyBase).toBe(a.historyKey);
    const first = parsed.of(a.historyKey, a.history, a.historyBase);
    const second = parsed.of(b.historyKey, b.history, b.historyBase);
    expect(second).toEqual(later.view.history);
    expect(second[0]).toBe(first[0]);
    // The base is let go once extended: the thread keeps one history per match, not every prefix.
    expect(parsed.size).toBe(1);
    expect(parsed.of(a.historyKey, a.history, a.historyBase)).toEqual(earlier.view.history);
  });

  it('given a history extended by its next round, then the shorter one is no longer kept as a base (a live match holds one prefix, not all)', () => {
    const histories = new HistoryJson();
    const rounds = [...positions].reverse().find(({ view }) => view.history.length >= 3)!.view.history;
    const two = rounds.slice(0, 2);
    histories.of(rounds.slice(0, 1));
    expect(histories.of(two).base).toBeDefined();
    expect(histories.of(rounds.slice(0, 3)).base).toBeDefined();
    // Given another third round after the same two: the two-round prefix was let go once it was extended.
    const other = [...two, rounds[2]!].map((round) => ({ ...round }));
    expect(histories.of([two[0]!, two[1]!, other[2]!]).base).toBeUndefined();
  });
});
