import fc from 'fast-check';
import { seededRandom } from '@liars-dice/game-rules/testing';
import type { TournamentCommand } from './commands';
import { decide } from './decide';
import { directorTasks } from './director';
import { evolve } from './evolve';
import { standingsOf } from './standings';
import { activePlayers, currentRound, type Tournament, type TournamentState } from './state';
import { TournamentViolation } from './tournament-violation';
import { RandomTournament } from './testing/random-tournament';
import { MODERATOR, ORGANISER, SYSTEM, TournamentLog } from './testing/tournament-log';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const human = (player: string, at: number, facts: { rankedBanUntil?: number | null; collusionMark?: string | null } = {}): TournamentCommand => ({
  type: 'RegisterPlayer',
  data: { player, name: player, kind: 'human', by: { id: player, role: 'player' }, lot: 1, at, ...facts },
});
const checkIn = (player: string, at: number, facts: { rankedBanUntil?: number | null; collusionMark?: string | null } = {}): TournamentCommand => ({
  type: 'CheckIn',
  data: { player, by: { id: player, role: 'player' }, at, ...facts },
});
const disqualify = (player: string, at: number, sanctionId?: string): TournamentCommand => ({
  type: 'DisqualifyPlayer',
  data: { player, by: SYSTEM, reason: sanctionId ? `sanction (collusion-mark): soft play` : 'abuse at the table', at, ...(sanctionId ? { sanctionId } : {}) },
});
const reinstate = (player: string, at: number, sanctionId = 's-1', by = SYSTEM): TournamentCommand => ({
  type: 'ReinstatePlayer',
  data: { player, by, reason: 'sanction lifted: appeal upheld', sanctionId, at },
});

describe('sanctions at the door of a ranked tournament (registration and check-in)', () => {
  it.each`
    facts                                  | ranked   | expected            | source
    ${{ collusionMark: 's-9' }}            | ${true}  | ${'COLLUSION_MARK'} | ${'a mark bars ranked competition until a moderator lifts it'}
    ${{ collusionMark: 's-9' }}            | ${false} | ${'accepted'}       | ${'unranked tournaments keep marked players'}
    ${{ collusionMark: null }}             | ${true}  | ${'accepted'}       | ${'no mark in force'}
    ${{ rankedBanUntil: 900 }}             | ${true}  | ${'RANKED_BAN'}     | ${'a ban still running'}
    ${{ rankedBanUntil: 400 }}             | ${true}  | ${'accepted'}       | ${'a ban already over'}
  `('a registration with $facts in a ranked=$ranked tournament: $expected — $source', ({ facts, ranked, expected }) => {
    expect(TournamentLog.create({ ranked }).verdict(human('ann', 500, facts))).toBe(expected);
  });

  it('names the sanction and says what would open the door again', () => {
    const refusal = TournamentLog.create({ ranked: true }).when(human('ann', 500, { collusionMark: 's-9' }));
    expect(refusal).toBeInstanceOf(TournamentViolation);
    expect((refusal as TournamentViolation).code).toBe('COLLUSION_MARK');
    expect((refusal as TournamentViolation).message).toBe('ann carries a collusion mark (sanction s-9): ranked tournaments are closed until a moderator lifts it');
  });

  it('refuses the check-in of a registered player sanctioned since, with the same codes', () => {
    // Given a ranked tournament with check-in, ann registered before any sanction
    const log = TournamentLog.create({ ranked: true, checkInMinutes: 1, startsAt: 120_000 }).register('ann', 'bob');
    // Then her check-in is refused while a mark or a ban holds, and accepted without one
    expect(log.verdict(checkIn('ann', 60_000, { collusionMark: 's-9' }))).toBe('COLLUSION_MARK');
    expect(log.verdict(checkIn('ann', 60_000, { rankedBanUntil: 90_000 }))).toBe('RANKED_BAN');
    expect(log.verdict(checkIn('ann', 60_000, { rankedBanUntil: null, collusionMark: null }))).toBe('accepted');
  });
});

describe('reinstating a player once the sanction that disqualified them is lifted', () => {
  it('puts a player disqualified before the start back in the field, checked in as before', () => {
    const log = TournamentLog.create({ ranked: true }).register('ann', 'bob').do(disqualify('ann', 600, 's-1'));
    log.do(reinstate('ann', 700));
    expect(log.tournament.players.get('ann')).toMatchObject({ status: 'registered', checkedIn: true, sanctionId: null });
    expect(log.events.at(-1)).toEqual({ type: 'PlayerReinstated', data: { player: 'ann', by: 'system', reason: 'sanction lifted: appeal upheld', sanctionId: 's-1', firstRound: 1, at: 700 } });
  });

  it('gives back the points counted before, keeps the interrupted table forfeited, and seats the player from the next round', () => {
    // Given a 3-round swiss where ann won round 1's table and is disqualified by a sanction during round 2
    const log = TournamentLog.started(['ann', 'bob', 'cyd'], { ranked: true, rounds: 3 }).seat().play().seat();
    log.do({ type: 'AssignTableMatch', data: { round: 2, table: 1, matchId: 'm2-1', at: 2_100 } });
    log.do(disqualify('ann', 2_200, 's-1'));
    // When the sanction is lifted while round 2 is still playing
    log.do(reinstate('ann', 2_300));
    // Then the director still takes her out of round 2's match, and that seat is forfeited when it finishes
    expect(directorTasks(log.tournament, 2_300)).toContainEqual({ kind: 'remove-from-table', round: 2, table: 1, matchId: 'm2-1', player: 'ann' });
    log.do({ type: 'RecordTableResult', data: { round: 2, table: 1, matchId: 'm2-1', placements: [['ann'], ['bob'], ['cyd']], at: 2_400 } });
    const ann = () => standingsOf(log.tournament).find((row) => row.player === 'ann');
    expect(ann()).toMatchObject({ status: 'active', points: 2 });
    expect(ann()?.tables.map((table) => table.outcome)).toEqual(['played', 'disqualified']);
    // and she is seated again in round 3
    log.seat();
    expect(log.tables(3).flat()).toContain('ann');
  });

  it('redraws a seating draft drawn without the reinstated player', () => {
    const log = TournamentLog.started(['ann', 'bob', 'cyd'], { rounds: 3 }).seat().play().do(disqualify('ann', 2_100, 's-1'));
    log.do({ type: 'DraftSeating', data: { round: 2, order: ['bob', 'cyd'], at: 2_200 } });
    log.do(reinstate('ann', 2_300));
    expect(log.types().slice(-2)).toEqual(['SeatingDraftDiscarded', 'PlayerReinstated']);
    expect(log.tournament.players.get('ann')).toMatchObject({ status: 'active', firstRound: 1 });
    expect((log.events.at(-1)?.data as { firstRound: number }).firstRound).toBe(2);
  });

  it.each`
    given                                                          | expected              | source
    ${(log: TournamentLog) => log.do(disqualify('ann', 2_100))}     | ${'NOT_REINSTATABLE'} | ${'a disqualification by hand is not undone by a lifted sanction'}
    ${(log: TournamentLog) => log}                                 | ${'NOT_REINSTATABLE'} | ${'ann is not disqualified'}
  `('refuses: $source', ({ given, expected }) => {
    const log = given(TournamentLog.started(['ann', 'bob', 'cyd'], { rounds: 3 }).seat().play());
    expect(log.verdict(reinstate('ann', 2_300))).toBe(expected);
  });

  it('refuses a player or an organiser (moderation decides), and a command without the lifted sanction', () => {
    const log = TournamentLog.started(['ann', 'bob', 'cyd'], { rounds: 3 }).seat().play().do(disqualify('ann', 2_100, 's-1'));
    expect(log.verdict(reinstate('ann', 2_300, 's-1', { id: 'ann', role: 'player' }))).toBe('NOT_ALLOWED');
    expect(log.verdict(reinstate('ann', 2_300, 's-1', ORGANISER))).toBe('NOT_ALLOWED');
    expect(log.verdict(reinstate('ann', 2_300, '', MODERATOR))).toBe('UNEXPECTED_COMMAND');
    expect(log.verdict(reinstate('ann', 2_300, 's-1', MODERATOR))).toBe('accepted');
  });

  it('says why a knockout, a seated final or a finished tournament cannot take the player back', () => {
    const knockout = { format: 'knockout-tables', rounds: undefined, tableSize: { min: 2, max: 2 }, advancePerTable: 1 };
    const ko = TournamentLog.started(['ann', 'bob', 'cyd', 'dan'], knockout).seat().do(disqualify('ann', 2_100, 's-1'));
    expect(ko.when(reinstate('ann', 2_200))).toMatchObject({ code: 'NOT_REINSTATABLE', message: 'a knockout went on without the player: their table was decided in their absence' });
    const final = TournamentLog.started(['ann', 'bob', 'cyd'], { rounds: 1, finalTableSize: 2 }).seat().play().seat().do(disqualify('cyd', 2_100, 's-1'));
    expect(final.when(reinstate('cyd', 2_200))).toMatchObject({ code: 'NOT_REINSTATABLE', message: 'the final table (round 2) is already seated' });
    const over = TournamentLog.started(['ann', 'bob'], { rounds: 1, finalTableSize: 2 }).seat().play().seat().play().do(disqualify('ann', 9_000, 's-1'));
    expect(over.verdict(reinstate('ann', 9_100))).toBe('TOURNAMENT_OVER');
  });
});

/** The sanction's disqualification and its lifting, decided and folded on `state` (null when either is refused). */
function disqualifiedAndBack(state: Tournament, player: string, at: number): TournamentState | null {
  let next: TournamentState = state;
  for (const command of [disqualify(player, at, 's-p'), reinstate(player, at, 's-p')]) {
    const events = decide(next, command);
    if (events instanceof TournamentViolation) return null;
    next = events.reduce((acc: TournamentState, event) => evolve(acc, event), next);
  }
  return next;
}

describe('reinstatement, over random tournaments', () => {
  it('between two swiss rounds, a sanction imposed and lifted leaves the standings exactly as they were', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const run = new RandomTournament(seededRandom(seed), (_before, after) => {
          if (after.status !== 'running' || after.config.format !== 'swiss-tables' || currentRound(after)?.status !== 'completed') return;
          const active = activePlayers(after);
          if (active.length < 3) return;
          const player = active[seed % active.length]?.id as string;
          const back = disqualifiedAndBack(after, player, 1_000_000);
          // Then the player is back and nothing in the standings moved
          expect(back).not.toBeNull();
          expect(standingsOf(back as Tournament)).toEqual(standingsOf(after));
          checked++;
        });
        run.play();
      }),
      { numRuns: RUNS },
    );
    // The property was put to the test, not skipped by every run
    expect(checked).toBeGreaterThan(RUNS);
  });
});
