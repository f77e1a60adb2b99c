import type { DisputeRuled } from './dispute-events';
import { SECOND, Disputes, alice, ban, bob, claim, confirm, file, mark, max, mia, reject, rule, warning, olga, ada } from './testing/disputes';

const claimed = () => Disputes.given(file(alice), claim(mia));

describe('ruling on a dispute (every ruling carries a reason)', () => {
  it.each`
    action        | sanctions                          | reason       | verdict               | why
    ${'dismiss'}  | ${[]}                              | ${undefined} | ${'accepted'}         | ${'nothing wrong was found'}
    ${'dismiss'}  | ${[warning('bob')]}                | ${undefined} | ${'INVALID_RULING'}   | ${'a dismissal sanctions nobody'}
    ${'warn'}     | ${[warning('bob'), warning('carol')]} | ${undefined} | ${'accepted'}      | ${'warnings to two players'}
    ${'warn'}     | ${[]}                              | ${undefined} | ${'INVALID_RULING'}   | ${'a warning names someone'}
    ${'warn'}     | ${[ban('bob')]}                    | ${undefined} | ${'INVALID_RULING'}   | ${'a warning ruling only warns'}
    ${'void'}     | ${[]}                              | ${undefined} | ${'accepted'}         | ${'void the match alone'}
    ${'void'}     | ${[ban('bob', 30), mark('carol')]} | ${undefined} | ${'accepted'}         | ${'void and sanction the colluders'}
    ${'sanction'} | ${[mark('bob')]}                   | ${undefined} | ${'accepted'}         | ${'a collusion mark'}
    ${'sanction'} | ${[]}                              | ${undefined} | ${'INVALID_RULING'}   | ${'a sanction names someone'}
    ${'sanction'} | ${[ban('bob', 0)]}                 | ${undefined} | ${'INVALID_RULING'}   | ${'a ban lasts at least a day'}
    ${'sanction'} | ${[ban('bob', 366)]}               | ${undefined} | ${'INVALID_RULING'}   | ${'and at most 365 days'}
    ${'sanction'} | ${[ban('bob', 1.5)]}               | ${undefined} | ${'INVALID_RULING'}   | ${'in whole days'}
    ${'sanction'} | ${[{ ...mark('bob'), days: 3 }]}   | ${undefined} | ${'INVALID_RULING'}   | ${'only a ban has days'}
    ${'sanction'} | ${[mark('olga')]}                  | ${undefined} | ${'INVALID_RULING'}   | ${'olga did not play this match'}
    ${'sanction'} | ${[mark('bob'), mark('bob')]}      | ${undefined} | ${'INVALID_RULING'}   | ${'the same sanction twice'}
    ${'sanction'} | ${[{ account: 'bob', kind: 'kick' }]} | ${undefined} | ${'INVALID_RULING'} | ${'kinds: warning, ranked-ban, collusion-mark'}
    ${'sanction'} | ${'bob'}                           | ${undefined} | ${'INVALID_RULING'}   | ${'sanctions are a list'}
    ${'pardon'}   | ${[]}                              | ${undefined} | ${'INVALID_RULING'}   | ${'actions: dismiss, warn, void, sanction'}
    ${'dismiss'}  | ${[]}                              | ${' '}       | ${'REASON_REQUIRED'}  | ${'a ruling says why'}
    ${'dismiss'}  | ${[]}                              | ${'x'.repeat(501)} | ${'REASON_REQUIRED'} | ${'in at most 500 characters'}
  `('$action $sanctions: $verdict — $why', ({ action, sanctions, reason, verdict }) => {
    const options = reason === undefined ? {} : { reason };
    expect(claimed().verdict(rule(mia, action, sanctions, options))).toBe(verdict);
  });

  it.each`
    given                             | by      | verdict              | why
    ${[file(alice)]}                  | ${mia}  | ${'NOT_CLAIMED'}     | ${'claim it first'}
    ${[file(alice), claim(mia)]}      | ${max}  | ${'NOT_YOUR_CLAIM'}  | ${'the holder rules'}
    ${[file(alice), claim(mia)]}      | ${bob}  | ${'NOT_A_MODERATOR'} | ${'players do not rule'}
    ${[file(alice), claim(mia), rule(mia, 'dismiss')]} | ${mia} | ${'NOT_OPEN'} | ${'one ruling per dispute'}
  `('a ruling by $by.id: $verdict — $why', ({ given, by, verdict }) => {
    expect(Disputes.given(...given).verdict(rule(by, 'dismiss'))).toBe(verdict);
  });

  it('takes effect at once when the policy does not ask for a second moderator', () => {
    const disputes = claimed().do(rule(mia, 'void', [ban('bob', 30)]));
    expect(disputes.dispute()).toMatchObject({ status: 'ruled', ruling: { effectiveAt: expect.any(Number), confirmedBy: null } });
    expect(disputes.state.voidedBy).toBe('m1.1');
  });

  it('refuses a second void of a match already void by another dispute', () => {
    const disputes = claimed().do(rule(mia, 'void')).do(file(bob)).do(claim(max, undefined, 'm1.2'));
    expect(disputes.verdict(rule(max, 'void', [], { disputeId: 'm1.2' }))).toBe('MATCH_ALREADY_VOIDED');
    expect(disputes.verdict(rule(max, 'sanction', [mark('carol')], { disputeId: 'm1.2' }))).toBe('accepted');
  });
});

describe('a second moderator for voids and bans (policy.secondModerator)', () => {
  const pendingOf = (disputes: Disputes, action: string, sanctions: unknown[]) => {
    const [event] = disputes.when(rule(mia, action, sanctions, { policy: SECOND })) as DisputeRuled[];
    return event?.data.pendingSecond;
  };

  it.each`
    action        | sanctions                  | pending  | why
    ${'void'}     | ${[]}                      | ${true}  | ${'a void is irreversible'}
    ${'sanction'} | ${[ban('bob')]}            | ${true}  | ${'so is a ranked ban'}
    ${'sanction'} | ${[mark('bob')]}           | ${false} | ${'a mark can be lifted'}
    ${'warn'}     | ${[warning('bob')]}        | ${false} | ${'a warning is a record'}
    ${'dismiss'}  | ${[]}                      | ${false} | ${'nothing happens'}
  `('$action $sanctions waits: $pending — $why', ({ action, sanctions, pending }) => {
    expect(pendingOf(claimed(), action, sanctions)).toBe(pending);
  });

  it('holds the ruling without effect until a different, impartial moderator confirms it', () => {
    const disputes = claimed().do(rule(mia, 'void', [], { policy: SECOND }));
    expect(disputes.dispute()).toMatchObject({ status: 'awaiting-second', ruling: { effectiveAt: null } });
    expect(disputes.state.voidedBy).toBeNull();
    expect(disputes.verdict(confirm(mia))).toBe('SAME_MODERATOR');
    expect(disputes.verdict(confirm(alice))).toBe('NOT_A_MODERATOR');
    disputes.do(confirm(max));
    expect(disputes.dispute()).toMatchObject({ status: 'ruled', ruling: { confirmedBy: { id: 'max' }, effectiveAt: expect.any(Number) } });
    expect(disputes.state.voidedBy).toBe('m1.1');
  });

  it('sends a rejected ruling back to the moderator who holds the dispute, with the reason kept', () => {
    const disputes = claimed().do(rule(mia, 'void', [], { policy: SECOND }));
    expect(disputes.verdict(reject(max, ''))).toBe('REASON_REQUIRED');
    disputes.do(reject(max));
    expect(disputes.dispute()).toMatchObject({ status: 'claimed', claimedBy: { id: 'mia' }, ruling: null, rejections: [{ moderator: { id: 'max' }, reason: 'not enough evidence' }] });
    expect(disputes.verdict(rule(mia, 'warn', [warning('bob')], { policy: SECOND }))).toBe('accepted');
  });

  it('refuses a confirmation when nothing waits', () => {
    expect(claimed().verdict(confirm(max))).toBe('NOT_AWAITING_SECOND');
    expect(claimed().do(rule(mia, 'dismiss')).verdict(reject(ada))).toBe('NOT_AWAITING_SECOND');
    expect(Disputes.given(file(alice)).verdict(confirm(olga))).toBe('NOT_A_MODERATOR');
  });
});
