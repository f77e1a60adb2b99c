import fc from 'fast-check';
import { requestOf } from './commands';
import { checkLobbyIdle, lobbyIdleSecondsOf, MAX_LOBBY_IDLE_SECONDS } from './lobby-idle';
import type { SeatRequest } from './plan';
import { ann, bob, cpu, expire, human, join, open, plan, TableUnderTest } from './testing/table';
import { TableViolation } from './violation';

// A host chooses how long their lobby may sit idle (ADR 0061): recorded in MatchOpened, capped by the server's
// LOBBY_IDLE_MAX_SECONDS (LOBBY_IDLE_SECONDS is only the default), and the one idle time the expiry is
// decided on.

const HOUR = 3600;
/** The fixture's join lands at 2 000 ms. */
const joinedAt = 2_000;
const withIdle = (lobbyIdleSeconds: number | null, seats: readonly SeatRequest[] = [human, human, cpu]) => plan(seats, { lobbyIdleSeconds });

describe('a host choosing the lobby idle time', () => {
  it('given a server whose ceiling is a day, when a host opens a table for 2 hours idle, then MatchOpened records 2 hours', () => {
    const table = new TableUnderTest().do(open(ann, withIdle(2 * HOUR), 24 * HOUR));
    expect(table.events[0]).toMatchObject({ type: 'MatchOpened', data: { lobbyIdleSeconds: 2 * HOUR } });
    expect(table.state.table).toMatchObject({ status: 'lobby', lobbyIdleSeconds: 2 * HOUR });
  });

  it('given no choice (omitted, null or 0), when a host opens a table, then MatchOpened records none: the server default, as in older streams', () => {
    for (const chosen of [undefined, null, 0]) {
      const table = new TableUnderTest().do(open(ann, plan([human, cpu], chosen === undefined ? {} : { lobbyIdleSeconds: chosen }), 1800));
      expect(table.events[0]?.data).not.toHaveProperty('lobbyIdleSeconds');
    }
  });

  it('given a choice that is not whole seconds from 1 to the server\'s ceiling, when a host opens a table, then it is refused naming the field and the bound', () => {
    for (const chosen of [-1, 0.5, 1801, Number.NaN, '60' as unknown as number]) {
      expect(new TableUnderTest().when(open(ann, withIdle(chosen), 1800))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'lobbyIdleSeconds',
        message: "lobbyIdleSeconds: whole seconds from 1 to 1800 (this server's LOBBY_IDLE_MAX_SECONDS), or 0 for the server's default",
      });
    }
    expect(new TableUnderTest().verdict(open(ann, withIdle(1800), 1800))).toBe('accepted');
  });

  it('given an open with no ceiling (a tournament\'s director, a tool), when a host chooses up to 30 days, then it is taken; longer is refused naming 30 days', () => {
    expect(new TableUnderTest().verdict(open(ann, withIdle(MAX_LOBBY_IDLE_SECONDS)))).toBe('accepted');
    expect(new TableUnderTest().when(open(ann, withIdle(MAX_LOBBY_IDLE_SECONDS + 1)))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: "lobbyIdleSeconds: whole seconds from 1 to 2592000 (30 days), or 0 for the server's default",
    });
  });

  it('given a tournament table, when it is opened with an idle time, then it is refused: a tournament table never expires', () => {
    const seated = (who: typeof ann): SeatRequest => ({ kind: 'human', account: who });
    const tournament = { tournamentId: 't1', round: 1, table: 1 };
    const refused = new TableUnderTest().when(open(ann, plan([seated(ann), seated(bob)], { tournament, lobbyIdleSeconds: 600 }), 1800));
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lobbyIdleSeconds', message: 'lobbyIdleSeconds: a tournament table never expires, so it takes no idle time' });
  });

  it('given two opens under one command id differing only in the idle time, then their requests differ; 0 and none are the same request', () => {
    const asked = (lobbyIdleSeconds: number | null | undefined) => requestOf({ type: 'OpenMatch', data: { matchId: 'm1', host: ann, plan: plan([human, cpu], { lobbyIdleSeconds }), fairness: { version: 'v1', commitment: '' }, sealedSeed: '' } });
    expect(asked(600)).not.toEqual(asked(900));
    expect(asked(0)).toEqual(asked(null));
    expect(asked(undefined)).toEqual(asked(null));
  });
});

describe('a lobby expiring after its host\'s idle time', () => {
  it('given a lobby its host opened for 2 minutes on a 30-minute server, when idle 2 minutes, then it expires recording 2 minutes; a moment sooner is LOBBY_NOT_IDLE', () => {
    const table = new TableUnderTest().do(open(ann, withIdle(120), 1800)).do(join(bob));
    expect(table.when(expire(joinedAt, 1800, joinedAt + 120_000 - 1))).toMatchObject({
      code: 'LOBBY_NOT_IDLE',
      message: 'the lobby has been idle since 1970-01-01T00:00:02.000Z: it expires after 2 minutes, at 1970-01-01T00:02:02.000Z',
    });
    expect(table.when(expire(joinedAt, 1800, joinedAt + 120_000))).toEqual([{ type: 'LobbyClosed', data: { reason: 'expired', idleSince: joinedAt, idleSeconds: 120 } }]);
    expect(table.do(expire(joinedAt, 1800, joinedAt + 120_000)).when(join(bob))).toMatchObject({
      code: 'LOBBY_CLOSED',
      message: 'the lobby was closed: it expired after 2 minutes with nobody joining, leaving or starting it; open a new match',
    });
  });

  it('given a lobby opened for 2 hours, when the operator has since lowered LOBBY_IDLE_MAX_SECONDS to 10 minutes, then it expires after 10 minutes', () => {
    const table = new TableUnderTest().do(open(ann, withIdle(2 * HOUR), 24 * HOUR));
    expect(table.when(expire(1_000, 300, 1_000 + 600_000, 600))).toEqual([{ type: 'LobbyClosed', data: { reason: 'expired', idleSince: 1_000, idleSeconds: 600 } }]);
  });

  it('given a 30-minute default under a day\'s ceiling (the default server), then a host may choose 2 hours, and the lobby waits them; one with no choice waits 30 minutes', () => {
    expect(checkLobbyIdle(2 * HOUR, 24 * HOUR, false)).toBe(2 * HOUR);
    const chosen = new TableUnderTest().do(open(ann, withIdle(2 * HOUR), 24 * HOUR)).do(join(bob));
    expect(chosen.when(expire(joinedAt, 1800, joinedAt + 2 * HOUR * 1000 - 1, 24 * HOUR))).toMatchObject({ code: 'LOBBY_NOT_IDLE' });
    expect(chosen.when(expire(joinedAt, 1800, joinedAt + 2 * HOUR * 1000, 24 * HOUR))).toEqual([{ type: 'LobbyClosed', data: { reason: 'expired', idleSince: joinedAt, idleSeconds: 2 * HOUR } }]);
    const usual = TableUnderTest.opened(ann, plan([human, cpu]));
    expect(usual.verdict(expire(1_000, 1800, 1_000 + 1_800_000, 24 * HOUR))).toBe('accepted');
  });

  it('given a lobby opened for 2 hours, when the operator lowers only LOBBY_IDLE_SECONDS to 10 minutes, then it still waits its 2 hours: the default moves lobbies with no choice', () => {
    const table = new TableUnderTest().do(open(ann, withIdle(2 * HOUR), 24 * HOUR));
    expect(table.verdict(expire(1_000, 600, 1_000 + 600_000, 24 * HOUR))).toBe('LOBBY_NOT_IDLE');
    expect(table.verdict(expire(1_000, 600, 1_000 + 2 * HOUR * 1000, 24 * HOUR))).toBe('accepted');
  });

  it('given a server where lobbies never expire (0), then a lobby whose host chose 5 minutes expires after them, and one with no choice is refused as never expiring', () => {
    const chosen = new TableUnderTest().do(open(ann, withIdle(300), 24 * HOUR));
    expect(chosen.verdict(expire(1_000, 0, 1_000 + 300_000, 24 * HOUR))).toBe('accepted');
    expect(TableUnderTest.opened(ann, plan([human, cpu])).when(expire(1_000, 0, 999_999_999, 24 * HOUR))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.lobbyIdleSeconds' });
  });
});

describe('the idle time in force (property)', () => {
  const defaults = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS }));
  const ceilings = fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS });
  const choice = fc.option(fc.integer({ min: 1, max: MAX_LOBBY_IDLE_SECONDS }), { nil: undefined });

  it('is never longer than the ceiling nor than the host\'s choice, is the default without a choice, and is null only with neither', () => {
    fc.assert(
      fc.property(defaults, ceilings, choice, (lobbyIdleSeconds, lobbyIdleMaxSeconds, chosen) => {
        const idle = lobbyIdleSecondsOf({ lobbyIdleSeconds: chosen, tournament: null }, { lobbyIdleSeconds, lobbyIdleMaxSeconds });
        if (chosen === undefined) return idle === (lobbyIdleSeconds > 0 ? lobbyIdleSeconds : null);
        return idle === Math.min(chosen, lobbyIdleMaxSeconds);
      }),
    );
  });

  it('accepts exactly the whole seconds from 1 to the ceiling, and every accepted choice is in force unchanged on the same server, whatever its default', () => {
    const chosen = fc.oneof(fc.integer({ min: -10, max: MAX_LOBBY_IDLE_SECONDS + 10 }), fc.double({ noNaN: true, min: -1, max: MAX_LOBBY_IDLE_SECONDS }));
    fc.assert(
      fc.property(defaults, ceilings, chosen, (lobbyIdleSeconds, lobbyIdleMaxSeconds, asked) => {
        const checked = checkLobbyIdle(asked, lobbyIdleMaxSeconds, false);
        if (asked === 0) return checked === null;
        const valid = Number.isInteger(asked) && asked >= 1 && asked <= lobbyIdleMaxSeconds;
        if (!valid) return checked instanceof TableViolation && checked.field === 'lobbyIdleSeconds';
        return checked === asked && lobbyIdleSecondsOf({ lobbyIdleSeconds: checked, tournament: null }, { lobbyIdleSeconds, lobbyIdleMaxSeconds }) === asked;
      }),
    );
  });

  it('is null at a tournament table whatever the choice and the settings', () => {
    const tournament = { tournamentId: 't', round: 1, table: 1 };
    fc.assert(fc.property(defaults, ceilings, choice, (lobbyIdleSeconds, lobbyIdleMaxSeconds, chosen) => lobbyIdleSecondsOf({ lobbyIdleSeconds: chosen, tournament }, { lobbyIdleSeconds, lobbyIdleMaxSeconds }) === null));
  });
});
