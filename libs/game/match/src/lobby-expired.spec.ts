import type { SeatRequest } from './plan';
import { ann, bob, close, cpu, expire, human, join, leave, open, plan, start, TableUnderTest } from './testing/table';

// An idle casual lobby expires by itself (docs/events.md, LobbyClosed; ADR 0048). The lobby timer reads the commit
// time of the lobby's last command and sends it with the server's setting; the decider checks the time and the idle time
// in force (here the setting: no host chose one, lobby-idle.spec.ts has those) against `at`.
// Whether anything happened after that commit is fenced by the revision the timer saw (match-command-runner), so
// here a lobby's state is always "nothing since `idleSince`".

const MINUTE = 60_000;
/** The fixture's join lands at 2 000 ms. */
const joinedAt = 2_000;

describe('an idle lobby expiring', () => {
  it('given a lobby idle for 30 minutes since its last command, when the timer expires it, then it is closed as expired with the idle time', () => {
    const table = TableUnderTest.opened(ann, plan([human, human, cpu])).do(join(bob));
    const events = table.when(expire(joinedAt, 1800, joinedAt + 30 * MINUTE));
    expect(events).toEqual([{ type: 'LobbyClosed', data: { reason: 'expired', idleSince: joinedAt, idleSeconds: 1800 } }]);
    expect(table.do(expire(joinedAt, 1800, joinedAt + 30 * MINUTE)).state.table).toMatchObject({ status: 'closed', closing: { reason: 'expired', idleSeconds: 1800 } });
  });

  it('given a lobby only CPUs fill, its host watching, when it has been idle long enough, then it expires too', () => {
    const table = TableUnderTest.opened(ann, plan([cpu, cpu]));
    expect(table.verdict(expire(1_000, 60, 61_000))).toBe('accepted');
  });

  it('given the timer\'s clock ahead of the server\'s, when it expires the lobby a moment early, then it is refused with LOBBY_NOT_IDLE naming since when and until when', () => {
    const table = TableUnderTest.opened(ann, plan([human, human]));
    const early = table.when(expire(joinedAt, 1800, joinedAt + 30 * MINUTE - 1));
    expect(early).toMatchObject({
      code: 'LOBBY_NOT_IDLE',
      message: 'the lobby has been idle since 1970-01-01T00:00:02.000Z: it expires after 30 minutes, at 1970-01-01T00:30:02.000Z',
    });
    expect(table.state.table.status).toBe('lobby');
  });

  it('given an expired lobby, when anyone joins, starts or closes it, then it is refused with LOBBY_CLOSED saying it expired and after how long', () => {
    const table = TableUnderTest.opened(ann, plan([human, human])).do(expire(1_000, 3600, 1_000 + 60 * MINUTE));
    expect(table.when(join(bob))).toMatchObject({ code: 'LOBBY_CLOSED', message: 'the lobby was closed: it expired after 1 hour with nobody joining, leaving or starting it; open a new match' });
    expect(table.verdict(start(ann))).toBe('LOBBY_CLOSED');
    expect(table.verdict(close(ann))).toBe('LOBBY_CLOSED');
    expect(table.verdict(expire(1_000, 3600, 1_000 + 120 * MINUTE))).toBe('LOBBY_CLOSED');
  });

  it('given a lobby closed another way, when the timer expires it, then it is refused with LOBBY_CLOSED and nothing is written', () => {
    expect(TableUnderTest.opened(ann, plan([human, human])).do(leave(ann)).verdict(expire(4_000, 60, 999_999))).toBe('LOBBY_CLOSED');
    expect(TableUnderTest.opened(ann, plan([cpu, cpu])).do(close(ann)).verdict(expire(4_000, 60, 999_999))).toBe('LOBBY_CLOSED');
  });

  it('given a started match, when the timer expires it, then it is refused with NOT_IN_LOBBY', () => {
    const table = TableUnderTest.opened(ann, plan([cpu, cpu])).do(start(ann));
    expect(table.when(expire(3_000, 60, 999_999))).toMatchObject({ code: 'NOT_IN_LOBBY', message: 'the match has already started' });
  });

  it('given a tournament table waiting for its director, when the timer expires it, then it is refused with FORBIDDEN (its tournament seats and starts it)', () => {
    const seated = (who: typeof ann): SeatRequest => ({ kind: 'human', account: who });
    const table = new TableUnderTest().do(open(ann, plan([seated(ann), seated(bob)], { tournament: { tournamentId: 't1', round: 1, table: 1 } })));
    expect(table.when(expire(1_000, 60, 999_999))).toMatchObject({ code: 'FORBIDDEN', message: 'a tournament table does not expire: its tournament seats and starts it' });
  });

  it('given no such match, when the timer expires it, then it is refused with NOT_FOUND', () => {
    expect(new TableUnderTest().verdict(expire(1_000, 60, 999_999))).toBe('NOT_FOUND');
  });

  it('given server settings or a commit time that are not ones, when sent, then it is refused naming the field', () => {
    const table = TableUnderTest.opened(ann, plan([human, human]));
    // 0 is a setting (no default): refused here only because this lobby's host chose no idle time either.
    for (const lobbyIdleSeconds of [0, -5, 1.5, Number.NaN]) {
      expect(table.when(expire(1_000, lobbyIdleSeconds, 999_999))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.lobbyIdleSeconds' });
    }
    // A ceiling is at least a second: 0 would leave a host nothing to choose.
    for (const lobbyIdleMaxSeconds of [0, -5, 1.5, Number.NaN]) {
      expect(table.when(expire(1_000, 60, 999_999, lobbyIdleMaxSeconds))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.lobbyIdleMaxSeconds' });
    }
    expect(table.when(expire(Number.NaN, 60, 999_999))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idleSince' });
  });
});
