import type { TableCommand } from './commands';
import { awaitedSeat, DEFAULT_INACTIVITY, type InactivitySettings } from './inactivity';
import { cpuPlays } from './table';
import { account, ann, bob, cpu, human, join, plan, start, TableUnderTest } from './testing/table';

// A started match nobody plays on ends by itself (docs/rules.md, "A match nobody plays on"; ADR 0072). The
// inactivity timer reads the commit time of the match's last command and sends it with the server's settings; the
// decider finds whom the match waits on and how long that may last. Whether anything happened after that commit is
// fenced by the revision the timer saw, so here a match's state is always "nothing since `idleSince`".

const MINUTE = 60_000;
/** When the fixture's last command (the start, then the house's roll in its append) was committed. */
const idleSince = 3_000;

const expire = (at: number, settings: InactivitySettings = DEFAULT_INACTIVITY, since = idleSince): TableCommand => ({
  type: 'ExpireInactivity',
  data: { idleSince: since, settings, at },
});

/** A started, rolled match of `seats`, host ann; bob joins the second human seat. */
function started(seats: typeof human[], extra: Parameters<typeof plan>[1] = {}): TableUnderTest {
  const table = TableUnderTest.opened(ann, plan(seats, extra));
  if (seats.filter((s) => s.kind === 'human').length > 1) table.do(join(bob));
  return table.do(start(ann)).roll();
}

/** The person a fixture's match waits on. */
const waitedOn = (table: TableUnderTest) => table.state.table.status === 'playing' ? table.state.table.seats.find((s) => s.seat === table.toAct())?.holder : null;

describe('a started match nobody plays on', () => {
  it('given a casual match of two people and no turn timer, when it has waited 10 minutes on one, then they are absent and a CPU plays their seat', () => {
    const table = started([human, human]);
    const seat = table.toAct();
    const person = waitedOn(table);
    const events = table.when(expire(idleSince + 10 * MINUTE));
    expect(events).toEqual([
      { type: 'PlayerAbsent', data: { seat, account: person, idleSince, idleSeconds: 600 } },
      { type: 'SeatHandedToCpu', data: { seat, difficulty: 'medium', previous: person } },
    ]);
    const after = table.do(expire(idleSince + 10 * MINUTE)).state.table;
    const handed = after.status === 'playing' ? after.seats.find((s) => s.seat === seat) : undefined;
    expect(handed).toMatchObject({ holder: null, previous: person });
    expect(handed && cpuPlays(handed)).toBe(true);
    // Then the match waits on nobody (a CPU is to act): a second timer has nothing to do
    expect(table.when(expire(idleSince + 30 * MINUTE))).toEqual([]);
  });

  it('given a ranked match, when it has waited long enough on a player, then they are absent and forfeit (the match ends when one is left)', () => {
    const table = started([human, human], { ranked: true });
    const seat = table.toAct();
    const events = table.when(expire(idleSince + 10 * MINUTE));
    expect(Array.isArray(events) && events.slice(0, 2)).toEqual([
      { type: 'PlayerAbsent', data: { seat, account: waitedOn(table), idleSince, idleSeconds: 600 } },
      { type: 'PlayerForfeited', data: { player: seat } },
    ]);
    table.do(expire(idleSince + 10 * MINUTE));
    expect(table.state.game).toMatchObject({ status: 'finished', winner: seat === 's1' ? 's2' : 's1' });
  });

  it('given a person alone with CPUs, then the shorter limit applies (5 minutes by default), and before it the timer is refused with MATCH_NOT_IDLE naming when', () => {
    const table = started([human, cpu]);
    if (waitedOn(table) === null) table.do({ type: 'PlaceBid', data: { actor: { kind: 'cpu', seat: table.toAct() }, quantity: 1, face: 2, at: 3_000 } });
    expect(awaitedSeat(table.state, DEFAULT_INACTIVITY)).toMatchObject({ account: ann, idleSeconds: 300 });
    expect(table.when(expire(idleSince + 5 * MINUTE - 1))).toMatchObject({
      code: 'MATCH_NOT_IDLE',
      message: 'the match has waited on ann since 1970-01-01T00:00:03.000Z: absent after 5 minutes, at 1970-01-01T00:05:03.000Z',
    });
    expect(table.verdict(expire(idleSince + 5 * MINUTE))).toBe('accepted');
  });

  it('given the server’s own settings, then they decide the limits', () => {
    const table = started([human, human]);
    const settings = { inactivitySeconds: 90, soloInactivitySeconds: 30 };
    expect(table.verdict(expire(idleSince + 90_000 - 1, settings))).toBe('MATCH_NOT_IDLE');
    expect(table.verdict(expire(idleSince + 90_000, settings))).toBe('accepted');
  });

  it('given a match with a turn timer, then the timer moves it on and inactivity has nothing to do', () => {
    const table = started([human, human], { options: { turnSeconds: 30 } });
    expect(awaitedSeat(table.state, DEFAULT_INACTIVITY)).toBeNull();
    expect(table.when(expire(idleSince + 60 * MINUTE))).toEqual([]);
  });

  it('given a match a forfeit ended, then there is nothing to do', () => {
    const table = started([human, human], { ranked: true }).do(expire(idleSince + 10 * MINUTE));
    expect(table.when(expire(idleSince + 20 * MINUTE))).toEqual([]);
  });

  it('given a lobby, a closed lobby or no match, then it is refused (NOT_STARTED, LOBBY_CLOSED, NOT_FOUND)', () => {
    expect(TableUnderTest.opened(ann, plan([human, human])).verdict(expire(999_999))).toBe('NOT_STARTED');
    expect(TableUnderTest.opened(ann, plan([human, human])).do({ type: 'LeaveMatch', data: { actor: account(ann), at: 4_000 } }).verdict(expire(999_999))).toBe('LOBBY_CLOSED');
    expect(new TableUnderTest().verdict(expire(999_999))).toBe('NOT_FOUND');
  });

  it('given settings or a commit time that are not ones, when sent, then it is refused naming the field', () => {
    const table = started([human, human]);
    for (const inactivitySeconds of [0, -1, 1.5, Number.NaN]) {
      expect(table.when(expire(999_999, { ...DEFAULT_INACTIVITY, inactivitySeconds }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.inactivitySeconds' });
    }
    expect(table.when(expire(999_999, { ...DEFAULT_INACTIVITY, soloInactivitySeconds: 0 }))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.soloInactivitySeconds' });
    expect(table.when(expire(999_999, DEFAULT_INACTIVITY, Number.NaN))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idleSince' });
  });
});
