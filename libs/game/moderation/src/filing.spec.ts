import { DAY, Disputes, ENDED_AT, file, HOUR, LIVE, MATCH, alice, bob, claim, mia, olga, rule, max } from './testing/disputes';
import type { DisputeFiled } from './dispute-events';

describe('filing a dispute (who, when, about what)', () => {
  it.each`
    who        | input                                                 | verdict                   | source
    ${'alice'} | ${{}}                                                 | ${'accepted'}             | ${'a player of the match, an hour after it ended'}
    ${'alice'} | ${{ at: ENDED_AT + 7 * DAY }}                         | ${'accepted'}             | ${'the last moment of the 7-day window'}
    ${'alice'} | ${{ at: ENDED_AT + 7 * DAY + 1 }}                     | ${'FILING_WINDOW_CLOSED'} | ${'one millisecond after the window'}
    ${'alice'} | ${{ match: LIVE, at: ENDED_AT + 30 * DAY }}           | ${'accepted'}             | ${'a live match: no window runs yet'}
    ${'alice'} | ${{ match: { ...MATCH, started: false } }}            | ${'MATCH_NOT_STARTED'}    | ${'a lobby has no play to dispute'}
    ${'olga'}  | ${{}}                                                 | ${'NOT_A_PLAYER'}         | ${'a player who did not sit at the table'}
    ${'mia'}   | ${{}}                                                 | ${'accepted'}             | ${'a moderator on their own'}
    ${'alice'} | ${{ category: 'cheating' }}                           | ${'INVALID_DISPUTE'}      | ${'categories: collusion, stalling, misrule, other'}
    ${'alice'} | ${{ text: '   ' }}                                    | ${'INVALID_DISPUTE'}      | ${'a dispute says what happened'}
    ${'alice'} | ${{ text: 'x'.repeat(2001) }}                         | ${'INVALID_DISPUTE'}      | ${'at most 2,000 characters'}
    ${'alice'} | ${{ steps: [40] }}                                    | ${'INVALID_DISPUTE'}      | ${'the match has steps 0–39'}
    ${'alice'} | ${{ steps: [1.5] }}                                   | ${'INVALID_DISPUTE'}      | ${'a step is a whole number'}
    ${'alice'} | ${{ steps: '3' }}                                     | ${'INVALID_DISPUTE'}      | ${'steps are a list'}
    ${'alice'} | ${{ steps: Array.from({ length: 51 }, (_, i) => i % 40) }} | ${'INVALID_DISPUTE'} | ${'at most 50 steps'}
    ${'alice'} | ${{ steps: [] }}                                      | ${'accepted'}             | ${'no steps: the whole match'}
  `('$who files $input: $verdict — $source', ({ who, input, verdict }) => {
    const by = { alice, olga, mia }[who as 'alice' | 'olga' | 'mia'];
    expect(new Disputes().verdict(file(by, input))).toBe(verdict);
  });

  it('opens dispute m1.1 with the match facts, the filer’s capacity and the steps sorted and distinct', () => {
    const [event] = new Disputes().when(file(mia, { steps: [7, 3, 7], text: '  rounds 2-3  ' })) as DisputeFiled[];
    expect(event?.data).toEqual({
      disputeId: 'm1.1',
      matchId: 'm1',
      filer: { id: 'mia', name: 'Mia' },
      capacity: 'moderator',
      category: 'collusion',
      text: 'rounds 2-3',
      steps: [3, 7],
      match: { players: MATCH.players, endedAt: ENDED_AT },
      at: ENDED_AT + HOUR,
    });
  });

  it('allows one filing per filer while the dispute waits for a ruling, and lets others join it', () => {
    const disputes = Disputes.given(file(alice));
    expect(disputes.verdict(file(alice, { category: 'other' }))).toBe('ALREADY_FILED');
    disputes.do(file(bob, { category: 'stalling' }));
    expect(disputes.dispute().filings.map((f) => [f.filer.id, f.category])).toEqual([['alice', 'collusion'], ['bob', 'stalling']]);
    expect(disputes.state.disputes).toHaveLength(1);
  });

  it('lets a claimed dispute still take filings, and opens a new dispute once the first is ruled', () => {
    const disputes = Disputes.given(file(alice), claim(mia));
    expect(disputes.verdict(file(bob))).toBe('accepted');
    disputes.do(rule(mia, 'dismiss'));
    const [again] = disputes.when(file(alice)) as DisputeFiled[];
    expect(again?.data.disputeId).toBe('m1.2');
  });

  it('refuses a filing for another match on this match’s stream', () => {
    expect(Disputes.given(file(alice)).verdict(file(max, { match: { ...MATCH, matchId: 'm2' } }))).toBe('INVALID_COMMAND');
  });
});
