import type { MatchRecord } from '@liars-dice/game-match';
import { stampCommit } from './commit-times';
import { lobbyExpiresAt, lobbyIdleSecondsFor } from './lobby-expiry';

/** The part of a record the rule reads: the table's status, tournament and chosen idle time, and the commit time beside it. */
function lobby(committedAt: number | null, status = 'lobby', tournament: object | null = null, lobbyIdleSeconds?: number): MatchRecord {
  const record = { table: { matchId: 'm1', status, tournament, lobbyIdleSeconds }, revision: 2n } as unknown as MatchRecord;
  if (committedAt !== null) stampCommit(record, committedAt);
  return record;
}

describe('when an idle lobby expires', () => {
  it('given a casual lobby committed at a sub-millisecond moment, then it expires the idle seconds after that moment rounded up', () => {
    expect(lobbyExpiresAt(lobby(1_000_000.25), 600)).toBe(1_000_001 + 600_000);
    expect(lobbyExpiresAt(lobby(1_000_000), 1)).toBe(1_001_000);
  });

  it('given the moment to count from (the timer\'s own clock for a record without a commit time), then it counts from that', () => {
    expect(lobbyExpiresAt(lobby(null), 60, 5_000)).toBe(65_000);
    expect(lobbyExpiresAt(lobby(null), 60)).toBeNull();
  });

  it('given the host chose an idle time (ADR 0061), then it counts that, capped by the server setting, or alone where the setting is 0', () => {
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 120), 1800)).toBe(121_000);
    expect(lobbyIdleSecondsFor(lobby(1_000, 'lobby', null, 120), 1800)).toBe(120);
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 7200), 1800)).toBe(1_801_000);
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', null, 300), 0)).toBe(301_000);
    expect(lobbyIdleSecondsFor(lobby(1_000, 'closed', null, 300), 1800)).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', { tournamentId: 't1', round: 1, table: 1 }, 300), 1800)).toBeNull();
  });

  it('given a started or closed match, a tournament table, or expiry off, then it never expires', () => {
    expect(lobbyExpiresAt(lobby(1_000, 'playing'), 600)).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'closed'), 600)).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000, 'lobby', { tournamentId: 't1', round: 1, table: 1 }), 600)).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000), 0)).toBeNull();
    expect(lobbyExpiresAt(lobby(1_000), undefined as unknown as number)).toBeNull();
  });
});
