import { auditEntry, auditTrail } from './audit';
import { playedMatch } from './testing/sample-matches';
import { bid, liar, roll, scripted } from './testing/scripted';

const table = { matchId: 'a1', accounts: ['ann', 'bob'] };
const hands = { s1: [2, 2, 3, 3, 4], s2: [5, 6, 6, 6, 2] };

function rounds(entries: ReturnType<typeof auditTrail>['entries']) {
  return entries.filter((e) => e.type === 'RoundStarted').map((e) => (e.data as { dice: unknown }).dice);
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

  it('given a moderator, then a running match is still redacted and a finished one is shown whole', () => {
    const all = playedMatch(table);
    const cut = all.findIndex((e, i) => i > 5 && e.event.type === 'RoundStarted');
    const running = all.slice(0, cut + 1).map(auditEntry);
    expect(auditTrail(running, 'moderator').redacted).toBe(true);
    const finished = playedMatch(table).map(auditEntry);
    const whole = auditTrail(finished, 'moderator');
    expect(whole.redacted).toBe(false);
    expect(rounds(whole.entries).every((dice) => dice !== null)).toBe(true);
  });

  it('given a finished match, then the public trail shows every round (all revealed) and the revealed seed', () => {
    const finished = playedMatch(table).map(auditEntry);
    expect(auditTrail(finished, 'public').redacted).toBe(false);
  });

  it('never copies the sealed seed of MatchOpened', () => {
    const [first] = playedMatch(table, 1);
    if (!first || first.event.type !== 'MatchOpened') throw new Error('expected MatchOpened');
    const sealed = { ...first, event: { ...first.event, data: { ...first.event.data, sealedSeed: 'secret' } } };
    expect(JSON.stringify(auditEntry(sealed))).not.toContain('secret');
  });
});
