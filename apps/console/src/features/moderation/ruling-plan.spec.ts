import { type RulingPlan, rulingInput, rulingProblems } from './ruling-plan';

const plan = (over: Partial<RulingPlan>): RulingPlan => ({ action: 'DISMISS', reason: 'checked the replay', sanctions: {}, ...over });

describe('a ruling before it is sent', () => {
  it('given a dismissal with a reason, then nothing is wrong and no sanction goes with it', () => {
    expect(rulingProblems(plan({}))).toEqual([]);
    expect(rulingInput('m1', plan({ sanctions: { a: { kind: 'NONE', days: 7 } } })).sanctions).toEqual([]);
  });

  it('given no reason, or one past 500 characters, then the reason is named', () => {
    expect(rulingProblems(plan({ reason: '  ' }))).toEqual(['reasonRequired']);
    expect(rulingProblems(plan({ reason: 'x'.repeat(501) }))).toEqual(['reasonTooLong']);
  });

  it('given a warn ruling, then it needs a warning and only warnings', () => {
    expect(rulingProblems(plan({ action: 'WARN' }))).toEqual(['sanctionRequired']);
    expect(rulingProblems(plan({ action: 'WARN', sanctions: { a: { kind: 'RANKED_BAN', days: 3 } } }))).toEqual(['onlyWarnings']);
  });

  it('given a ranked ban, then its days are 1 to 365 and sent only with a ban', () => {
    const ban = plan({ action: 'SANCTION', sanctions: { a: { kind: 'RANKED_BAN', days: 0 } } });
    expect(rulingProblems(ban)).toEqual(['banDays']);
    const ok = plan({ action: 'SANCTION', sanctions: { a: { kind: 'RANKED_BAN', days: 30 }, b: { kind: 'WARNING', days: 30 } } });
    expect(rulingInput('m1', ok).sanctions).toEqual([
      { account: 'a', kind: 'RANKED_BAN', days: 30 },
      { account: 'b', kind: 'WARNING' },
    ]);
  });
});
