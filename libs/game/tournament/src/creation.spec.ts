import type { TournamentCreated } from './events';
import { creation, ORGANISER, TournamentLog } from './testing/tournament-log';
import { TournamentViolation } from './tournament-violation';

function rejection(overrides: Parameters<typeof creation>[0]): { code: string; message: string } | 'accepted' {
  const result = new TournamentLog().when(creation(overrides));
  return result instanceof TournamentViolation ? { code: result.code, message: result.message } : 'accepted';
}

describe('creating a tournament (issue #14 "Format")', () => {
  it('records every setting in its first event, with the family preset and a turn timer', () => {
    // Given nothing, when an organiser creates a perudo swiss tournament without a timer in its options
    const log = TournamentLog.create({ options: { palifico: false } });
    // Then the options carry the preset, the change, and the tournament's default turn timer (no-shows time out)
    const created = log.events[0] as TournamentCreated;
    expect(created.data.config).toMatchObject({
      organiser: 'org',
      family: 'perudo',
      options: { palifico: false, spotOn: true, turnSeconds: 60 },
      chosenOptions: { palifico: false, turnSeconds: 60 },
      format: 'swiss-tables',
      rounds: 3,
      finalTableSize: 6,
      checkInMinutes: 0,
      autoPublish: false,
    });
    expect(log.state.status).toBe('registration');
  });

  it.each`
    overrides                                                              | fragment                                   | source
    ${{ tournamentId: 'a b' }}                                             | ${'tournamentId'}                          | ${'ids become stream names'}
    ${{ name: '   ' }}                                                     | ${'name: expected 1 to 80'}                | ${'a tournament has a name'}
    ${{ name: 'Spring\tCup' }}                                             | ${'name: expected 1 to 80'}                | ${'no control characters in a listed name'}
    ${{ name: '\u202Egnp.exe' }}                                           | ${'without control or bidirectional'}     | ${'no name that reads backwards'}
    ${{ name: 'Cu\u0336\u0337\u0338\u0335\u0334p' }}                      | ${'found U+0334, combining mark number 5 on one letter, at character 7'} | ${'ADR 0031: no "Zalgo" name spilling over the list'}
    ${{ family: 'yahtzee' }}                                               | ${'family: expected classic, perudo'}      | ${'rules.md §1: three families'}
    ${{ options: { bullets: 3 } }}                                         | ${'options.bullets: not an option of perudo'} | ${'options as for a match'}
    ${{ options: { turnSeconds: null } }}                                  | ${'needs a turn timer'}                    | ${'issue #14: tournaments require a turn timer'}
    ${{ capacity: 1 }}                                                     | ${'capacity: expected a whole number from 2'} | ${'at least one table'}
    ${{ tableSize: { min: 1, max: 6 } }}                                   | ${'tableSize.min: expected a whole number from 2 to 6'} | ${'issue #14: within 2–6'}
    ${{ tableSize: { min: 4, max: 3 } }}                                   | ${'tableSize.max: expected a whole number from 4 to 6'} | ${'min ≤ max'}
    ${{ tableSize: { min: 2, max: 7 } }}                                   | ${'tableSize.max'}                         | ${'rules.md §1: 2–6 players'}
    ${{ format: 'round-robin' }}                                           | ${'format: expected swiss-tables or knockout-tables'} | ${'issue #14: two formats'}
    ${{ rounds: 0 }}                                                       | ${'rounds: expected a whole number from 1 to 20'} | ${'swiss needs rounds'}
    ${{ finalTableSize: 7 }}                                               | ${'finalTableSize: expected a whole number from 2 to 6'} | ${'the final is one table'}
    ${{ lateRegistrationUntilRound: 4 }}                                   | ${'lateRegistrationUntilRound: expected a whole number from 0 to 3'} | ${'late entry ends within the rounds'}
    ${{ advancePerTable: 2 }}                                              | ${'advancePerTable: only for knockout'}    | ${'swiss has no advancing'}
    ${{ format: 'knockout-tables', rounds: undefined }}                    | ${'advancePerTable: expected a whole number from 1 to 1'} | ${'knockout needs K below the smallest table'}
    ${{ format: 'knockout-tables', advancePerTable: 1 }}                   | ${'rounds: knockout-tables play until one table remains'} | ${'knockout rounds follow from the field'}
    ${{ registrationOpensAt: 1_000 }}                                      | ${'registrationClosesAt: expected after registrationOpensAt'} | ${'a window has a length'}
    ${{ registrationClosesAt: 3_000 }}                                     | ${'registrationClosesAt: expected at or before startsAt'} | ${'registration ends by the start'}
    ${{ at: 1_000 }}                                                       | ${'registrationClosesAt: already past'}    | ${'a window in the past takes nobody'}
    ${{ startsAt: 365 * 86_400_000 + 1 }}                                  | ${'startsAt: at most 365 days ahead (1971-01-01T00:00:00.000Z at the latest)'} | ${'ADR 0031: a year ahead at most'}
    ${{ startsAt: 8_640_000_000_000_000 }}                                 | ${'startsAt: at most 365 days ahead'}      | ${'ADR 0031: not in the year 275760'}
    ${{ checkInMinutes: -1 }}                                              | ${'checkInMinutes: expected a whole number from 0 to 1440'} | ${'check-in opens before the start'}
    ${{ fairness: { version: 'v1', commitment: 'abc' } }}                  | ${'fairness: expected'}                    | ${'the seed is committed at creation'}
  `('rejects $overrides with INVALID_TOURNAMENT naming the field — $source', ({ overrides, fragment }) => {
    const verdict = rejection(overrides);
    expect(verdict).toMatchObject({ code: 'INVALID_TOURNAMENT', message: expect.stringContaining(fragment) });
  });

  it('accepts a start exactly 365 days after the creation (ADR 0031)', () => {
    expect(rejection({ at: 5_000, registrationClosesAt: 6_000, startsAt: 5_000 + 365 * 86_400_000 })).toBe('accepted');
  });

  it('creates a knockout with K below the smallest table, no rounds and no late registration', () => {
    const log = TournamentLog.create({ format: 'knockout-tables', rounds: undefined, tableSize: { min: 3, max: 6 }, advancePerTable: 2 });
    expect((log.events[0] as TournamentCreated).data.config).toMatchObject({ rounds: 0, advancePerTable: 2, finalTableSize: 6, lateRegistrationUntilRound: 0 });
    expect(rejection({ format: 'knockout-tables', rounds: undefined, advancePerTable: 1, lateRegistrationUntilRound: 1 })).toMatchObject({
      message: expect.stringContaining('no late registration in a knockout'),
    });
  });

  it('lets only an organiser or an admin create one, once', () => {
    expect(rejection({ by: { id: 'ann', role: 'player' } })).toMatchObject({ code: 'NOT_ALLOWED' });
    expect(rejection({ by: { id: 'root', role: 'admin' } })).toBe('accepted');
    const log = TournamentLog.create();
    expect(log.verdict(creation())).toBe('TOURNAMENT_EXISTS');
  });

  it('refuses every other command before the tournament exists', () => {
    expect(new TournamentLog().verdict({ type: 'StartTournament', data: { by: ORGANISER, at: 5 } })).toBe('NO_TOURNAMENT');
    expect(new TournamentLog().verdict({ type: 'Bogus', data: { at: 1 } } as never)).toBe('NO_TOURNAMENT');
    expect(TournamentLog.create().verdict({ type: 'Bogus', data: { at: 1 } } as never)).toBe('UNEXPECTED_COMMAND');
    expect(TournamentLog.create().verdict({ type: 'StartTournament', data: { by: ORGANISER } } as never)).toBe('UNEXPECTED_COMMAND');
  });
});
