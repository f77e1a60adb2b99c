import { fold, type MatchEvent } from '@liars-dice/game-rules';
import { changesListEntry, matchListEntry } from './match-list';
import { replayTimeline } from './replay';
import { playedMatch } from './testing/sample-matches';
import { factsOf } from './testing/fold';

describe('replay timeline', () => {
  const events = playedMatch({ matchId: 'rp', accounts: ['ann', 'bob', 'cy'], seed: 7 });
  const engine = events.filter((e) => !['MatchOpened', 'SeatTaken'].includes(e.event.type)).map((e) => e.event as MatchEvent);

  it('given a finished match, then each full step is the engine fold of the events up to it', () => {
    const { steps, total } = replayTimeline(events, { kind: 'full' });
    expect(total).toBe(engine.length);
    for (const k of [0, 5, Math.floor(total / 2), total - 1]) expect(steps[k]?.state).toEqual(fold(engine.slice(0, k + 1)));
  });

  it('given a window, then it returns just those steps, numbered from the match start', () => {
    const { steps } = replayTimeline(events, { kind: 'public' }, { from: 10, count: 3 });
    expect(steps.map((s) => s.step)).toEqual([10, 11, 12]);
  });

  it('given a step, then it carries the event, its actor and command id, and its stream index', () => {
    const { steps } = replayTimeline(events, { kind: 'full' });
    const bid = steps.find((s) => s.type === 'BidPlaced');
    const stored = events.find((e) => e.index === bid?.index);
    expect(bid).toMatchObject({ event: stored?.event.data, actor: stored?.actor, commandId: stored?.commandId });
  });

  it('given the public view, then no step shows the hands of a round in play', () => {
    const { steps } = replayTimeline(events, { kind: 'public' });
    for (const { state } of steps) expect('myDice' in state && state.myDice).toEqual([]);
    expect(JSON.stringify(steps.find((s) => s.type === 'RoundStarted')?.state)).not.toContain('"dice":{');
    for (const roll of steps.filter((s) => s.type === 'RoundStarted')) expect(roll.event).toMatchObject({ dice: null });
  });

  it("given one seat's view, then each roll and state show that seat's hand and no other before the reveal", () => {
    const { steps } = replayTimeline(events, { kind: 'seat', seat: 's2' });
    const rolls = steps.filter((s) => s.type === 'RoundStarted');
    expect(rolls.length).toBeGreaterThan(0);
    for (const roll of rolls) {
      const dice = (roll.event as { dice: Record<string, number[]> | null }).dice;
      if (dice) expect(Object.keys(dice)).toEqual(['s2']);
      expect(roll.state).toMatchObject({ me: 's2', myDice: dice?.['s2'] ?? [] });
    }
  });

  it('given history off, then every state keeps at most the latest revealed round', () => {
    const whole = replayTimeline(events, { kind: 'public' });
    const short = replayTimeline(events, { kind: 'public' }, { history: false });
    short.steps.forEach((step, i) => {
      const all = (whole.steps[i]?.state as { history: readonly unknown[] }).history;
      expect((step.state as { history: readonly unknown[] }).history).toEqual(all.slice(-1));
    });
  });
});

describe('match list entry', () => {
  it('given a finished match, then the row has its family, players, status and winner', () => {
    const events = playedMatch({ matchId: 'ml', accounts: ['ann', null], ruleset: 'revolver', ranked: false, seed: 11 });
    const entry = matchListEntry(factsOf(events) ?? (undefined as never), 5_000);
    expect(entry).toMatchObject({ matchId: 'ml', family: 'revolver', status: 'finished', players: ['ann-name', 'B. Pascal'], accountIds: ['ann'], kind: 'regular' });
    expect(['ann-name', 'B. Pascal']).toContain(entry.winner);
    expect(entry.idleSince).toBeNull();
    expect(events.filter(changesListEntry).map((e) => e.event.type)).toEqual(['MatchOpened', 'SeatTaken', 'MatchCreated', 'MatchFinished']);
  });
});

describe('replay timeline with an absence (ADR 0072)', () => {
  const events = playedMatch({ matchId: 'ra', accounts: ['ann', 'bob', 'cy'], seed: 11 });
  const engine = events.filter((e) => !['MatchOpened', 'SeatTaken'].includes(e.event.type));

  it('given a player absent (the inactivity rule), then the absence is a step of its own that changes no state, and the steps after it go on', () => {
    // Given a casual match where s2 was absent after the 10th engine event: a CPU plays the seat from then on
    const cut = events.findIndex((e) => !['MatchOpened', 'SeatTaken'].includes(e.event.type)) + 10;
    const absence = [
      { type: 'PlayerAbsent', data: { seat: 's2', account: { id: 'bob', name: 'bob-name' }, idleSince: 5_000, idleSeconds: 600 } },
      { type: 'SeatHandedToCpu', data: { seat: 's2', difficulty: 'medium', previous: { id: 'bob', name: 'bob-name' } } },
    ] as const;
    const withAbsence = [...events.slice(0, cut), ...absence.map((event, i) => ({ ...events[cut - 1], index: 1_000 + i, event }) as (typeof events)[number]), ...events.slice(cut)];
    // When it is replayed publicly
    const { steps, total } = replayTimeline(withAbsence, { kind: 'public' });
    // Then the absence is step 10, showing the match as step 9 left it, and every later step moves one on
    expect(total).toBe(engine.length + 1);
    expect(steps[10]).toMatchObject({ step: 10, type: 'PlayerAbsent', event: absence[0].data, state: steps[9]?.state });
    expect(steps.slice(11).map((s) => s.state)).toEqual(replayTimeline(events, { kind: 'public' }).steps.slice(10).map((s) => s.state));
  });
});
