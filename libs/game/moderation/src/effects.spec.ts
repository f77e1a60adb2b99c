import type { DisputeCommand } from './dispute-commands';
import { effectsOf, type ModerationEffect } from './effects';
import { decideDispute } from './decide-dispute';
import { evolveDisputes } from './evolve-dispute';
import { ModerationViolation } from './moderation-violation';
import { Disputes, LIVE, SECOND, alice, appeal, ban, bob, claim, confirm, decide, file, mark, max, mia, rule } from './testing/disputes';

/** The effects of one more command after `given`. */
function effects(given: Disputes, command: DisputeCommand): ModerationEffect[] {
  const events = decideDispute(given.state, command);
  if (events instanceof ModerationViolation) throw new Error(events.message);
  let state = given.state;
  return events.flatMap((event) => {
    const out = effectsOf(state, event);
    state = evolveDisputes(state, event);
    return out;
  });
}

const summary = (list: ModerationEffect[]) => list.map((e) => `${e.type} ${e.key}`);

describe('what a dispute asks of the match and account streams', () => {
  it('flags the match on the first filing only, saying whether it was live', () => {
    expect(effects(new Disputes(), file(alice, { match: LIVE }))).toEqual([{ type: 'flag-match', key: 'm1.1:flag', matchId: 'm1', disputeId: 'm1.1', live: true }]);
    expect(effects(Disputes.given(file(alice)), file(bob))).toEqual([]);
  });

  it('voids before resolving, then imposes each sanction under an id made from the dispute', () => {
    const given = Disputes.given(file(alice), claim(mia));
    const list = effects(given, rule(mia, 'void', [ban('bob', 30), mark('carol')]));
    expect(summary(list)).toEqual(['void-match m1.1:void', 'resolve-match m1.1:resolve', 'impose-sanction m1.1/s1', 'impose-sanction m1.1/s2']);
    expect(list[2]).toMatchObject({ account: 'bob', kind: 'ranked-ban', days: 30, moderator: { id: 'mia', name: 'Mia' }, reason: 'soft play in rounds 3–7' });
  });

  it('does nothing while a ruling waits for its second moderator, and everything once confirmed', () => {
    const given = Disputes.given(file(alice), claim(mia));
    expect(effects(given, rule(mia, 'void', [ban('bob')], { policy: SECOND }))).toEqual([]);
    given.do(rule(mia, 'void', [ban('bob')], { policy: SECOND }));
    const list = effects(given, confirm(max));
    expect(summary(list)).toEqual(['void-match m1.1:void', 'resolve-match m1.1:resolve', 'impose-sanction m1.1/s1']);
    expect(list[2]).toMatchObject({ moderator: { id: 'mia' } });
  });

  it('resolves a dismissal without touching anything else', () => {
    expect(summary(effects(Disputes.given(file(alice), claim(mia)), rule(mia, 'dismiss')))).toEqual(['resolve-match m1.1:resolve']);
  });

  it('restores the match and lifts the sanctions when an appeal overturns the ruling; nothing when it stands', () => {
    const appealed = Disputes.given(file(alice), claim(mia), rule(mia, 'void', [ban('bob', 30)]), appeal(bob));
    const list = effects(appealed, decide(max, 'overturned'));
    expect(summary(list)).toEqual(['unvoid-match m1.1:unvoid', 'lift-sanction m1.1/s1:lift']);
    expect(list[1]).toMatchObject({ sanctionId: 'm1.1/s1', account: 'bob', moderator: { id: 'max' }, reason: 'ruling overturned on appeal: the rounds show ordinary play' });
    expect(effects(appealed, decide(max, 'upheld'))).toEqual([]);
  });
});
