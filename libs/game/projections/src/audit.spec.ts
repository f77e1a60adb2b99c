import { auditEntry, auditTrail } from './audit';
import { playedMatch } from './testing/sample-matches';
import { bid, liar, roll, scripted } from './testing/scripted';

const table = { matchId: 'a1', accounts: ['ann', 'bob'] };
const hands = { s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] };

function rounds(entries: ReturnType<typeof auditTrail>['entries']) {
  return entries.filter((e) => e.type === 'RoundStarted').map((e) => (e.data as { dice: unknown }).dice);
}

/** The dice each round was rolled with, from the stored events themselves. */
function rolled(events: ReturnType<typeof playedMatch>) {
  return events.flatMap((e) => (e.event.type === 'RoundStarted' ? [e.event.data.dice] : []));
}

describe('audit trail', () => {
  it('given a round in play, then the public trail hides its dice and keeps actor, time, command id and outcome', () => {
    const events = scripted(table, [roll(hands), bid('s1', 2, 5)]).map((e) => ({ ...e, actor: 'account:ann', commandId: 'c1' }));
    const { entries, redacted } = auditTrail(events.map(auditEntry), 'public');
    expect(redacted).toBe(true);
    expect(rounds(entries)).toEqual([null]);
    expect(entries.at(-1)).toMatchObject({ type: 'BidPlaced', actor: 'account:ann', commandId: 'c1', outcome: 's1 bids 2×5; s2 to act' });
  });

  it('given the round was revealed by a liar call, then the public trail shows its dice and the rule outcome', () => {
    const events = scripted(table, [roll(hands), bid('s1', 2, 5), liar('s2'), roll({ s1: [1, 1, 1, 1], s2: [2, 2, 2, 2, 2] })]);
    const { entries } = auditTrail(events.map(auditEntry), 'public');
    expect(rounds(entries)).toEqual([hands, null]);
    expect(entries.find((e) => e.type === 'LiarCalled')?.outcome).toBe('s2 calls liar on 2×5: 1 counted, the bid fails; s1 loses');
  });

  it('given a moderator, then a running match shows exactly what the public sees (the round in play hidden) and a finished one every hand', () => {
    const all = playedMatch(table);
    const cut = all.findIndex((e, i) => i > 5 && e.event.type === 'RoundStarted');
    const running = all.slice(0, cut + 1).map(auditEntry);
    const moderator = auditTrail(running, 'moderator');
    expect(moderator).toEqual(auditTrail(running, 'public'));
    const shown = rounds(moderator.entries);
    // Every round before the one in play was revealed by its end; the one just rolled is hidden.
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.slice(0, -1)).toEqual(rolled(all.slice(0, cut + 1)).slice(0, -1));
    expect(shown.at(-1)).toBeNull();
    expect(moderator.redacted).toBe(true);
    const finished = playedMatch(table).map(auditEntry);
    const whole = auditTrail(finished, 'moderator');
    expect(rounds(whole.entries)).toEqual(rolled(playedMatch(table)));
    expect(whole.redacted).toBe(false);
  });

  it('given a finished match, then the public trail shows every round with the dice rolled and the revealed seed', () => {
    const events = playedMatch(table);
    const seed = 'a5'.repeat(32);
    // The game service writes the seed into MatchFinished (the engine leaves it out).
    const withSeed = events.map((e) => (e.event.type === 'MatchFinished' ? { ...e, event: { ...e.event, data: { ...e.event.data, seed } } } : e));
    const trail = auditTrail(withSeed.map(auditEntry), 'public');
    expect(rolled(events).length).toBeGreaterThan(1);
    expect(rounds(trail.entries)).toEqual(rolled(events));
    expect(trail.entries.find((e) => e.type === 'MatchFinished')?.data).toMatchObject({ seed });
    expect(trail.redacted).toBe(false);
  });

  it('never copies the sealed seed of MatchOpened', () => {
    const [first] = playedMatch(table, 1);
    if (!first || first.event.type !== 'MatchOpened') throw new Error('expected MatchOpened');
    const sealed = { ...first, event: { ...first.event, data: { ...first.event.data, sealedSeed: 'secret' } } };
    expect(JSON.stringify(auditEntry(sealed))).not.toContain('secret');
  });
});

describe('audit of an absence (ADR 0072)', () => {
  it('given a player counted absent and a CPU taking the seat, then the trail says so in words', () => {
    const bob = { id: 'b2', name: 'bob' };
    const at = { matchId: 'm1', actor: 'timer', commandId: 'inactive:41', at: 9_000 };
    const absent = auditEntry({ ...at, index: 42, event: { type: 'PlayerAbsent', data: { seat: 's2', account: bob, idleSince: 3_000, idleSeconds: 600 } } });
    const handed = auditEntry({ ...at, index: 43, event: { type: 'SeatHandedToCpu', data: { seat: 's2', difficulty: 'medium', previous: bob } } });
    expect([absent.outcome, handed.outcome]).toEqual(['bob is absent: the match waited 10 minutes on s2', 'a CPU plays s2 in place of bob']);
  });
});
