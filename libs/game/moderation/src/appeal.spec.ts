import { DEFAULT_POLICY } from './policy';
import { Disputes, ENDED_AT, HOUR, alice, appeal, ban, bob, carol, claim, decide, file, max, mia, olga, paul, rule, confirm, SECOND, warning, ada } from './testing/disputes';

/** Ruled at ENDED_AT + 4 h (see testing/disputes.ts). */
const RULED_AT = ENDED_AT + 4 * HOUR;
const voided = () => Disputes.given(file(alice), claim(mia), rule(mia, 'void', [ban('bob', 30)]));

describe('appealing a ruling (once per ruling, by an affected player)', () => {
  it.each`
    given                                                     | by       | at                                               | verdict                   | why
    ${voided()}                                               | ${bob}   | ${undefined}                                     | ${'accepted'}             | ${'bob is banned'}
    ${voided()}                                               | ${carol} | ${undefined}                                     | ${'accepted'}             | ${'carol played the voided match'}
    ${voided()}                                               | ${olga}  | ${undefined}                                     | ${'NOT_AFFECTED'}         | ${'olga did not'}
    ${voided()}                                               | ${bob}   | ${RULED_AT + DEFAULT_POLICY.appealWindowMs}      | ${'accepted'}             | ${'the last moment of the window'}
    ${voided()}                                               | ${bob}   | ${RULED_AT + DEFAULT_POLICY.appealWindowMs + 1}  | ${'APPEAL_WINDOW_CLOSED'} | ${'after it'}
    ${voided().do(appeal(carol))}                             | ${bob}   | ${undefined}                                     | ${'ALREADY_APPEALED'}     | ${'once per ruling, whoever appealed'}
    ${Disputes.given(file(alice), claim(mia), rule(mia, 'dismiss'))}             | ${alice} | ${undefined} | ${'NOT_AFFECTED'} | ${'a dismissal touches nobody'}
    ${Disputes.given(file(alice), claim(mia), rule(mia, 'warn', [warning('carol')]))} | ${bob} | ${undefined} | ${'NOT_AFFECTED'} | ${'a warning touches the warned'}
    ${Disputes.given(file(alice), claim(mia))}                                   | ${bob}   | ${undefined} | ${'NOT_RULED'}    | ${'nothing to appeal yet'}
    ${Disputes.given(file(alice), claim(mia), rule(mia, 'void', [], { policy: SECOND }))} | ${bob} | ${undefined} | ${'NOT_RULED'} | ${'a ruling waiting for a second moderator is not in force'}
  `('$by.id appeals: $verdict — $why', ({ given, by, at, verdict }) => {
    expect((given as Disputes).verdict(appeal(by, at))).toBe(verdict);
  });

  it.each`
    by      | decision        | verdict               | why
    ${max}  | ${'overturned'} | ${'accepted'}         | ${'another moderator'}
    ${max}  | ${'upheld'}     | ${'accepted'}         | ${'the ruling may stand'}
    ${mia}  | ${'overturned'} | ${'SAME_MODERATOR'}   | ${'not the one who ruled'}
    ${paul} | ${'upheld'}     | ${'CONFLICT_OF_INTEREST'} | ${'nor one who played'}
    ${bob}  | ${'overturned'} | ${'NOT_A_MODERATOR'}  | ${'nor a player'}
    ${max}  | ${'maybe'}      | ${'INVALID_COMMAND'}  | ${'upheld or overturned'}
  `('$by.id decides $decision: $verdict — $why', ({ by, decision, verdict }) => {
    expect(voided().do(appeal(bob)).verdict(decide(by, decision))).toBe(verdict);
  });

  it('closes the dispute; an overturned void no longer voids the match', () => {
    const disputes = voided().do(appeal(bob)).do(decide(max, 'overturned'));
    expect(disputes.dispute()).toMatchObject({ status: 'closed', appeal: { player: { id: 'bob' }, decision: { decision: 'overturned', moderator: { id: 'max' } } } });
    expect(disputes.state.voidedBy).toBeNull();
    expect(disputes.verdict(appeal(carol))).toBe('ALREADY_APPEALED');
    expect(disputes.verdict(decide(max, 'upheld'))).toBe('NOT_APPEALED');
  });

  it('keeps the match void when the appeal is turned down', () => {
    expect(voided().do(appeal(bob)).do(decide(max, 'upheld')).state.voidedBy).toBe('m1.1');
  });

  it('has a confirmed ruling appealed like any other, and decided by neither of the moderators behind it', () => {
    const disputes = Disputes.given(file(alice), claim(mia), rule(mia, 'sanction', [ban('bob')], { policy: SECOND }), confirm(max));
    disputes.do(appeal(bob));
    expect(disputes.verdict(decide(max, 'upheld'))).toBe('SAME_MODERATOR');
    expect(disputes.verdict(decide(ada, 'upheld'))).toBe('accepted');
  });
});
