import type { TournamentCommand } from './commands';
import { ORGANISER, register, SYSTEM, TournamentLog } from './testing/tournament-log';
import { TournamentViolation } from './tournament-violation';

const checkIn = (player: string, at: number): TournamentCommand => ({ type: 'CheckIn', data: { player, by: { id: player, role: 'player' }, at } });
const withdraw = (player: string, at: number): TournamentCommand => ({ type: 'WithdrawPlayer', data: { player, by: { id: player, role: 'player' }, at } });
const start = (at: number, by = ORGANISER): TournamentCommand => ({ type: 'StartTournament', data: { by, at } });
const cpu = (player: string, by = ORGANISER): TournamentCommand => ({
  type: 'RegisterPlayer',
  data: { player, name: `CPU ${player}`, kind: 'cpu', difficulty: 'hard', by, lot: 3, at: 500 },
});

describe('registration (issue #14: registration window, capacity, CPU players)', () => {
  it.each`
    command                                          | expected                  | source
    ${register('ann', -1)}                           | ${'REGISTRATION_CLOSED'}  | ${'before the window opens'}
    ${register('ann', 0)}                            | ${'accepted'}             | ${'the window opens at registrationOpensAt'}
    ${register('ann', 999)}                          | ${'accepted'}             | ${'still inside the window'}
    ${register('ann', 1_000)}                        | ${'REGISTRATION_CLOSED'}  | ${'the window closes at registrationClosesAt'}
    ${register('ann', 500, { id: 'bob', role: 'player' })} | ${'NOT_ALLOWED'}    | ${'a player registers only themselves'}
    ${register('ann', 500, ORGANISER)}               | ${'accepted'}             | ${'the organiser may register a player'}
    ${register('', 500)}                             | ${'UNEXPECTED_COMMAND'}   | ${'a player has an id'}
    ${cpu('c1')}                                     | ${'accepted'}             | ${'issue #14: CPU players fill unranked tables'}
    ${cpu('c1', { id: 'ann', role: 'player' })}      | ${'NOT_ALLOWED'}          | ${'only the organiser enters CPU players'}
  `('$command.data.player at $command.data.at: $expected — $source', ({ command, expected }) => {
    expect(TournamentLog.create().verdict(command)).toBe(expected);
  });

  it('names a CPU player as a table shows it (1 to 24 letters, digits, spaces and . \' _ -)', () => {
    const named = (name: string): TournamentCommand => ({ type: 'RegisterPlayer', data: { player: 'c9', name, kind: 'cpu', by: ORGANISER, lot: 1, at: 500 } });
    expect(TournamentLog.create().verdict(named('Dealer Dan'))).toBe('accepted');
    expect(TournamentLog.create().verdict(named('Dan<script>'))).toBe('BAD_USER_INPUT');
  });

  it('refuses a CPU player whose name reads as a player’s (ADR 0070), after checking the caller may enter one', () => {
    // Given the server found that "Ánn" reads as the account ann
    const passing = (by = ORGANISER): TournamentCommand => ({ type: 'RegisterPlayer', data: { player: 'c9', name: 'Ánn', kind: 'cpu', by, lot: 1, at: 500, nameReadsAs: 'ann' } });
    // Then the organiser is told which player it would pass for; anyone else is told first they may not enter a CPU
    const refused = TournamentLog.create().when(passing());
    expect(refused).toMatchObject({ code: 'NAME_TAKEN', message: "name: Ánn reads as the player ann; a CPU seat may not go by a player's name" });
    expect(TournamentLog.create().verdict(passing({ id: 'bob', role: 'player' }))).toBe('NOT_ALLOWED');
  });

  it('refuses CPU players in a ranked tournament', () => {
    expect(TournamentLog.create({ ranked: true }).verdict(cpu('c1'))).toBe('CPU_NOT_ALLOWED');
  });

  it('refuses a player banned from ranked play (moderation) in a ranked tournament until the ban ends, not in an unranked one', () => {
    // Given ann's ranked ban running until 700, as the server adds it from moderation's sanctions
    const banned = (at: number): TournamentCommand => ({ type: 'RegisterPlayer', data: { player: 'ann', name: 'ann', kind: 'human', by: { id: 'ann', role: 'player' }, lot: 1, rankedBanUntil: 700, at } });
    // Then a ranked tournament refuses her before 700 and takes her from 700; an unranked one takes her at once
    expect(TournamentLog.create({ ranked: true }).verdict(banned(500))).toBe('RANKED_BAN');
    expect(TournamentLog.create({ ranked: true }).verdict(banned(700))).toBe('accepted');
    expect(TournamentLog.create({ ranked: false }).verdict(banned(500))).toBe('accepted');
  });

  it('refuses a second registration and a registration beyond capacity', () => {
    const log = TournamentLog.create({ capacity: 2, tableSize: { min: 2, max: 2 }, finalTableSize: 2 }).register('ann', 'bob');
    expect(log.verdict(register('ann', 600))).toBe('ALREADY_REGISTERED');
    expect(log.verdict(register('cyd', 600))).toBe('TOURNAMENT_FULL');
    // When one withdraws before the start, the place is free again and they may come back
    log.do(withdraw('bob', 600));
    expect(log.tournament.players.get('bob')).toMatchObject({ status: 'withdrawn', leftInRound: 0 });
    expect(log.verdict(register('cyd', 600))).toBe('accepted');
    expect(log.verdict(register('bob', 600))).toBe('accepted');
    expect(log.verdict(withdraw('bob', 601))).toBe('NOT_REGISTERED');
  });

  it('keeps a player who withdrew before the start listed with their lot, out of the field (issue #33), until they come back', () => {
    const log = TournamentLog.create().register('ann', 'bob', 'cyd').do(withdraw('bob', 600));
    const bob = () => log.tournament.players.get('bob');
    expect(bob()).toMatchObject({ status: 'withdrawn', leftInRound: 0, lot: expect.any(Number) });
    expect(log.standings().map((s) => [s.player, s.status, s.decidedBy])).toEqual([
      ['ann', 'registered', 'draw'],
      ['cyd', 'registered', 'field'],
      ['bob', 'withdrawn', null],
    ]);
    expect(log.standings().at(-1)?.explanation).toBe('3rd bob: 0 points from 0 tables. Withdrew before the start: not in the field. Last of 3.');
    log.do(register('bob', 700));
    expect(bob()).toMatchObject({ status: 'registered', leftInRound: null });
    expect([...log.tournament.players.keys()]).toEqual(['ann', 'cyd', 'bob']);
  });
});

describe('check-in (issue #14: no check-in → removed at the start)', () => {
  const withCheckIn = () => TournamentLog.create({ checkInMinutes: 1, startsAt: 120_000 }).register('ann', 'bob', 'cyd').do(cpu('c1'));

  it.each`
    at          | expected              | source
    ${59_999}   | ${'CHECK_IN_CLOSED'}  | ${'check-in opens checkInMinutes before the start'}
    ${60_000}   | ${'accepted'}         | ${'from then on'}
    ${130_000}  | ${'accepted'}         | ${'and until the tournament actually starts'}
  `('a check-in at $at: $expected — $source', ({ at, expected }) => {
    expect(withCheckIn().verdict(checkIn('ann', at))).toBe(expected);
  });

  it('removes the players who did not check in; a CPU player is always checked in', () => {
    const log = withCheckIn().do(checkIn('ann', 60_000)).do(checkIn('bob', 61_000));
    expect(log.verdict(checkIn('ann', 62_000))).toBe('ALREADY_CHECKED_IN');
    expect(log.verdict(checkIn('dan', 62_000))).toBe('NOT_REGISTERED');
    log.do(start(120_000));
    expect(log.events.at(-1)).toEqual({ type: 'TournamentStarted', data: { players: ['ann', 'bob', 'c1'], removed: ['cyd'], at: 120_000 } });
    // cyd stays listed with her lot, a no-show out of the field (issue #33)
    expect([...log.tournament.players.values()].map((p) => [p.id, p.status, p.leftInRound])).toEqual([
      ['ann', 'active', null],
      ['bob', 'active', null],
      ['cyd', 'no-show', 0],
      ['c1', 'active', null],
    ]);
    expect(log.standings().at(-1)).toMatchObject({ player: 'cyd', status: 'no-show', explanation: expect.stringContaining('Did not check in: left the field at the start (no-show).') });
    expect(log.verdict(checkIn('cyd', 121_000))).toBe('ALREADY_STARTED');
  });

  it('checks everyone in at registration when the tournament asks for no check-in', () => {
    const log = TournamentLog.create().register('ann');
    expect(log.tournament.players.get('ann')?.checkedIn).toBe(true);
    expect(log.verdict(checkIn('ann', 600))).toBe('ALREADY_CHECKED_IN');
  });
});

describe('the start', () => {
  it.each`
    players                  | at        | by                                | expected                 | source
    ${['ann', 'bob']}        | ${1_999}  | ${ORGANISER}                      | ${'TOO_EARLY'}           | ${'not before startsAt'}
    ${['ann', 'bob']}        | ${2_000}  | ${ORGANISER}                      | ${'accepted'}            | ${'at startsAt'}
    ${['ann', 'bob']}        | ${2_000}  | ${SYSTEM}                         | ${'accepted'}            | ${'the server starts it on time'}
    ${['ann', 'bob']}        | ${2_000}  | ${{ id: 'ann', role: 'player' }}  | ${'NOT_ALLOWED'}         | ${'only the organiser'}
    ${['ann']}               | ${2_000}  | ${ORGANISER}                      | ${'NOT_ENOUGH_PLAYERS'}  | ${'a table needs two'}
  `('$players at $at by $by.id: $expected — $source', ({ players, at, by, expected }) => {
    expect(TournamentLog.create().register(...players).verdict(start(at, by))).toBe(expected);
  });

  it('refuses a second start, and anything after a cancellation', () => {
    const log = TournamentLog.started(['ann', 'bob']);
    expect(log.verdict(start(3_000))).toBe('ALREADY_STARTED');
    log.do({ type: 'CancelTournament', data: { by: ORGANISER, reason: 'venue closed', at: 3_000 } });
    expect(log.state.status).toBe('cancelled');
    expect(log.verdict(withdraw('ann', 3_001))).toBe('TOURNAMENT_OVER');
  });
});

describe('reasons players read (cancellation, disqualification, reinstatement; ADR 0031)', () => {
  const cancel = (reason: string): TournamentCommand => ({ type: 'CancelTournament', data: { by: ORGANISER, reason, at: 1_500 } });
  const disqualify = (reason: string): TournamentCommand => ({ type: 'DisqualifyPlayer', data: { player: 'ann', by: ORGANISER, reason, at: 1_500 } });

  it.each`
    what                 | command
    ${'a cancellation'}  | ${cancel}
    ${'a disqualification'} | ${disqualify}
  `('given $what whose reason holds a NUL or a right-to-left override, then BAD_USER_INPUT names the reason and the character', ({ command }) => {
    const log = TournamentLog.create().register('ann', 'bob');
    for (const [reason, found] of [['venue\u0000 closed', 'U+0000, a control character, at character 6'], ['\u202Edesolc', 'U+202E, a bidirectional control, at character 1']]) {
      const refused = log.when(command(reason));
      expect(refused).toBeInstanceOf(TournamentViolation);
      expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', message: `reason: found ${found}; control and bidirectional-override characters are not allowed` });
    }
  });

  it('given a cancellation whose reason has lines typed on Windows, then it is kept with line feeds', () => {
    const log = TournamentLog.create().do(cancel(' venue closed\r\nsee the news '));
    expect(log.events.at(-1)).toMatchObject({ type: 'TournamentCancelled', data: { reason: 'venue closed\nsee the news' } });
  });
});

describe('late registration (issue #14: until a configurable round)', () => {
  it('takes players while the next round to seat is at most lateRegistrationUntilRound; they join from it', () => {
    // Given a 3-round swiss with late entry until round 2, round 1 seated and playing
    const log = TournamentLog.started(['ann', 'bob', 'cyd'], { lateRegistrationUntilRound: 2 }).seat();
    // When dan registers during round 1, he joins from round 2, checked in by registering
    log.do(register('dan', 2_100));
    expect(log.tournament.players.get('dan')).toMatchObject({ status: 'active', late: true, firstRound: 2, checkedIn: true });
    // Then after round 1 he is seated in round 2, and nobody may register once round 2 is published
    log.play().seat();
    expect(log.tables(2).flat()).toContain('dan');
    expect(log.verdict(register('eve', 2_200))).toBe('REGISTRATION_CLOSED');
  });

  it('redraws a draft that a late player joins before it is published', () => {
    const log = TournamentLog.started(['ann', 'bob', 'cyd'], { lateRegistrationUntilRound: 1 });
    log.do({ type: 'DraftSeating', data: { round: 1, order: ['ann', 'bob', 'cyd'], at: 2_000 } });
    log.do(register('dan', 2_001));
    expect(log.types().slice(-2)).toEqual(['SeatingDraftDiscarded', 'PlayerRegistered']);
    expect(log.tournament.rounds).toEqual([]);
  });

  it('takes nobody after the start when the tournament has no late registration', () => {
    expect(TournamentLog.started(['ann', 'bob']).verdict(register('cyd', 2_001))).toBe('REGISTRATION_CLOSED');
  });
});
