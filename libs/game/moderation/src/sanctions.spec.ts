import { decideSanctions } from './decide-sanctions';
import { ModerationViolation } from './moderation-violation';
import type { SanctionCommand, SanctionEvent } from './sanction-events';
import { activeSanctions, barredFromRanked, collusionMark, disqualifies, evolveSanctions, initialSanctionsState, rankedBanUntil, type SanctionsState } from './sanctions';
import { DAY, alice, mia } from './testing/disputes';

const BOB = { id: 'bob', name: 'Bob' };
const T0 = 100 * DAY;
const impose = (sanctionId: string, kind: unknown, days: unknown = null, extra: Partial<{ reason: unknown; at: number; disputeId: string | null }> = {}): SanctionCommand => ({
  type: 'ImposeSanction',
  data: { sanctionId, account: BOB, kind, days, reason: 'collusion in m1', disputeId: 'm1.1', by: mia, at: T0, ...extra },
});
const lift = (sanctionId: string, at = T0 + DAY, reason: unknown = 'served enough'): SanctionCommand => ({ type: 'LiftSanction', data: { sanctionId, reason, by: mia, at } });

function given(...commands: SanctionCommand[]): SanctionsState {
  return commands.reduce((state, command) => {
    const events = decideSanctions(state, command);
    if (events instanceof ModerationViolation) throw new Error(`given step refused: ${events.code}`);
    return events.reduce(evolveSanctions, state);
  }, initialSanctionsState);
}

const verdict = (state: SanctionsState, command: SanctionCommand) => {
  const result = decideSanctions(state, command);
  return result instanceof ModerationViolation ? result.code : 'accepted';
};

describe('sanctions on an account', () => {
  it.each`
    command                                           | verdict               | why
    ${impose('s1', 'ranked-ban', 7)}                  | ${'accepted'}         | ${'a week-long ranked ban'}
    ${impose('s1', 'warning')}                        | ${'accepted'}         | ${'a warning'}
    ${impose('s1', 'collusion-mark')}                 | ${'accepted'}         | ${'a mark'}
    ${impose('s1', 'ranked-ban')}                     | ${'INVALID_SANCTION'} | ${'a ban needs its days'}
    ${impose('s1', 'warning', 3)}                     | ${'INVALID_SANCTION'} | ${'a warning has none'}
    ${impose('s1', 'exile')}                          | ${'INVALID_SANCTION'} | ${'an unknown kind'}
    ${impose('s1', 'warning', null, { reason: '' })}  | ${'REASON_REQUIRED'}  | ${'with a reason'}
    ${{ ...impose('s1', 'warning'), data: { ...impose('s1', 'warning').data, by: alice } }} | ${'NOT_A_MODERATOR'} | ${'moderators only'}
  `('$command.data.kind ($command.data.days): $verdict — $why', ({ command, verdict: expected }) => {
    expect(verdict(initialSanctionsState, command)).toBe(expected);
  });

  it('bans from ranked play for N days from the time it is imposed, then lets the player back', () => {
    const state = given(impose('s1', 'ranked-ban', 7));
    expect(state.sanctions[0]).toMatchObject({ until: T0 + 7 * DAY, moderator: { id: 'mia', name: 'Mia' } });
    expect(rankedBanUntil(state, T0)).toBe(T0 + 7 * DAY);
    expect(rankedBanUntil(state, T0 + 7 * DAY - 1)).toBe(T0 + 7 * DAY);
    expect(rankedBanUntil(state, T0 + 7 * DAY)).toBeNull();
  });

  it('keeps the latest end when two bans overlap, and a warning never bars ranked play', () => {
    const state = given(impose('s1', 'ranked-ban', 7), impose('s2', 'ranked-ban', 30), impose('s3', 'warning'));
    expect(rankedBanUntil(state, T0 + DAY)).toBe(T0 + 30 * DAY);
    expect(activeSanctions(state, T0 + 8 * DAY).map((s) => s.sanctionId)).toEqual(['s2', 's3']);
  });

  it('lifts a sanction with a reason, once, and only while it holds', () => {
    const state = given(impose('s1', 'ranked-ban', 7));
    expect(verdict(state, lift('s1', T0 + DAY, ' '))).toBe('REASON_REQUIRED');
    expect(verdict(state, lift('s9'))).toBe('UNKNOWN_SANCTION');
    expect(verdict(state, lift('s1', T0 + 8 * DAY))).toBe('SANCTION_ENDED');
    const lifted = given(impose('s1', 'ranked-ban', 7), lift('s1'));
    expect(rankedBanUntil(lifted, T0 + 2 * DAY)).toBeNull();
    expect(lifted.sanctions[0]?.lifted).toEqual({ moderator: { id: 'mia', name: 'Mia' }, reason: 'served enough', at: T0 + DAY });
    expect(verdict(lifted, lift('s1'))).toBe('ALREADY_LIFTED');
  });

  it('appends nothing when the same order comes again (a reactor resuming), and refuses other terms under its id', () => {
    const state = given(impose('s1', 'ranked-ban', 7));
    expect(decideSanctions(state, impose('s1', 'ranked-ban', 7, { at: T0 + 5 }))).toEqual([]);
    expect(verdict(state, impose('s1', 'ranked-ban', 8))).toBe('SANCTION_EXISTS');
  });

  it('folds the same events to the same state, whatever is replayed twice', () => {
    const events = decideSanctions(initialSanctionsState, impose('s1', 'collusion-mark')) as SanctionEvent[];
    const once = events.reduce(evolveSanctions, initialSanctionsState);
    expect([...events, ...events].reduce(evolveSanctions, initialSanctionsState)).toEqual(once);
    expect(once.account).toEqual(BOB);
  });

  it('disqualifies from ranked competition (tournaments) on a ban or a mark, not on a warning', () => {
    expect([disqualifies({ kind: 'ranked-ban' }), disqualifies({ kind: 'collusion-mark' }), disqualifies({ kind: 'warning' })]).toEqual([true, true, false]);
  });
});

describe('what bars an account from ranked competition (tournaments ask before a registration or a check-in)', () => {
  it('a collusion mark holds until lifted; the account is barred while a mark or a running ban holds, not by a warning', () => {
    // Given a warning, a mark and a three-day ban on bob
    const state = given(impose('w1', 'warning'), impose('m1', 'collusion-mark'), impose('b1', 'ranked-ban', 3));
    // Then the mark is in force with no end, and he is barred
    expect(collusionMark(state, T0 + 100 * DAY)?.sanctionId).toBe('m1');
    expect(barredFromRanked(state, T0 + DAY)).toBe(true);
    // When the mark is lifted, the ban still bars him until it ends; a warning alone never does
    const lifted = given(impose('w1', 'warning'), impose('m1', 'collusion-mark'), impose('b1', 'ranked-ban', 3), lift('m1'));
    expect(collusionMark(lifted, T0 + DAY)).toBeNull();
    expect(barredFromRanked(lifted, T0 + 2 * DAY)).toBe(true);
    expect(barredFromRanked(lifted, T0 + 3 * DAY)).toBe(false);
  });
});
