import type { MatchRecord } from '@liars-dice/game-match';
import { stampCommit } from './commit-times';
import { lobbyExpiresAt, lobbyIdleSecondsFor } from './lobby-expiry';

/** The part of a record the rule reads: the table's status, tournament and chosen idle time, and the commit time beside it. */
function lobby(committedAt: number | null, status = 'lobby', tournament: object | null = null, lobbyIdleSeconds?: number): MatchRecord {
  const record = { table: { matchId: 'm1', status, tournament, lobbyIdleSeconds }, revision: 2n } as unknown as MatchRecord;
  if (committedAt !== null) stampCommit(record, committedAt);
  return record;
}

/** A server's settings: the default `LOBBY_IDLE_SECONDS`, and `LOBBY_IDLE_MAX_SECONDS` (a day unless given). */
const settings = (lobbyIdleSeconds: number, lobbyIdleMaxSeconds = 86_400) => ({ lobbyIdleSeconds, lobbyIdleMaxSeconds });

describe('when an idle lobby expires', () => {
  it('given a casual lobby committed at a sub-millisecond moment, then it expires the idle seconds after that moment rounded up', () => {
    expect(lobbyExpiresAt(lobby(1_000_000.25), settings(600))).toBe(1_000_001 + 600_000);
    expect(lobbyExpiresAt(lobby(1_000_000), settings(1))).toBe(1_001_000);
  });

  it('given the moment to count from (the timer\'s own clock for a record without a commit time), then it counts from that', () => {
    expect(lobbyExpiresAt(lobby(null), settings(60), 5_000)).toBe(65_000);
    expect(lobbyExpiresAt(lobby(null), settings(60))).toBeNull();
  });

  it('given the host chose an idle time (ADR 0061), then it counts that, longer or shorter than the default, capped by the ceiling', () => {
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 120), settings(1800))).toBe(121_000);
    expect(lobbyIdleSecondsFor(lobby(1_000, 'lobby', null, 120), settings(1800))).toBe(120);
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 7200), settings(1800))).toBe(7_201_000);
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 7200), settings(1800, 3600))).toBe(3_601_000);
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 300), settings(0))).toBe(301_000);
    expect(lobbyIdleSecondsFor(lobby(1_000, 'closed', null, 300), settings(1800))).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', { tournamentId: 't1', round: 1, table: 1 }, 300), settings(1800))).toBeNull();
  });

  it('given a started or closed match, a tournament table, or expiry off, then it never expires', () => {
    expect(lobbyExpiresAt(lobby(1_000, 'playing'), settings(600))).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'closed'), settings(600))).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', { tournamentId: 't1', round: 1, table: 1 }), settings(600))).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000), settings(0))).toBeNull();
  });
});
