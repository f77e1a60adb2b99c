import { type RulingPlan, rulingInput, rulingProblems, withBanDays, withPick } from './ruling-plan';

const plan = (over: Partial<RulingPlan>): RulingPlan => ({ action: 'DISMISS', reason: 'checked the replay', sanctions: [], ...over });

describe('a ruling before it is sent', () => {
  it('given a dismissal with a reason, then nothing is wrong and no sanction goes with it', () => {
    expect(rulingProblems(plan({}))).toEqual([]);
    expect(rulingInput('m1', plan({})).sanctions).toEqual([]);
  });

  it('given no reason, or one past 500 characters, then the reason is named', () => {
    expect(rulingProblems(plan({ reason: '  ' }))).toEqual(['reasonRequired']);
    expect(rulingProblems(plan({ reason: 'x'.repeat(501) }))).toEqual(['reasonTooLong']);
  });

  it('given a warn ruling, then it needs a warning and only warnings', () => {
    expect(rulingProblems(plan({ action: 'WARN' }))).toEqual(['sanctionRequired']);
    expect(rulingProblems(withPick(plan({ action: 'WARN' }), 'a', 'RANKED_BAN', true))).toEqual(['onlyWarnings']);
  });

  it('given a dismissal that still holds a pick, then the pick is named, not dropped', () => {
    const held = withPick(plan({ action: 'SANCTION' }), 'a', 'WARNING', true);
    expect(rulingProblems({ ...held, action: 'DISMISS' })).toEqual(['noSanctions']);
  });

  it('given a ranked ban, then its days are 1 to 365 and sent only with a ban', () => {
    const ban = withBanDays(withPick(plan({ action: 'SANCTION' }), 'a', 'RANKED_BAN', true), 'a', 0);
    expect(rulingProblems(ban)).toEqual(['banDays']);
    const ok = withPick(withBanDays(ban, 'a', 30), 'b', 'WARNING', true);
    expect(rulingInput('m1', ok).sanctions).toEqual([
      { account: 'a', kind: 'RANKED_BAN', days: 30 },
      { account: 'b', kind: 'WARNING' },
    ]);
  });

  it('given several sanctions for one player and others for another, then every one is sent, in the order picked', () => {
    let ruling = plan({ action: 'VOID' });
    for (const [account, kind] of [['a', 'WARNING'], ['a', 'RANKED_BAN'], ['a', 'COLLUSION_MARK'], ['b', 'COLLUSION_MARK']] as const) ruling = withPick(ruling, account, kind, true);
    expect(rulingProblems(ruling)).toEqual([]);
    expect(rulingInput('m1', ruling).sanctions).toEqual([
      { account: 'a', kind: 'WARNING' },
      { account: 'a', kind: 'RANKED_BAN', days: 7 },
      { account: 'a', kind: 'COLLUSION_MARK' },
      { account: 'b', kind: 'COLLUSION_MARK' },
    ]);
  });

  it('given a pick taken back, then only that one goes; the same sanction twice is named', () => {
    const both = withPick(withPick(plan({ action: 'SANCTION' }), 'a', 'WARNING', true), 'a', 'COLLUSION_MARK', true);
    expect(rulingInput('m1', withPick(both, 'a', 'WARNING', false)).sanctions).toEqual([{ account: 'a', kind: 'COLLUSION_MARK' }]);
    expect(rulingProblems({ ...both, sanctions: [...both.sanctions, both.sanctions[0]!] })).toEqual(['sameTwice']);
  });
});
