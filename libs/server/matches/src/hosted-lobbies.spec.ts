import type { HostedLobbies as Count, MatchRecord } from '@liars-dice/game-match';
import { HostedLobbies } from './hosted-lobbies';
import type { LiveMatches } from './live-matches';

/** LiveMatches holding `records`: the one read HostedLobbies makes. */
function matchesOf(records: Map<string, MatchRecord>): LiveMatches {
  return { all: () => records.values() } as unknown as LiveMatches;
}

const lobby = (matchId: string, hostId: string, extra = {}) => ({ table: { status: 'lobby', matchId, host: { id: hostId, name: hostId }, ...extra } }) as unknown as MatchRecord;

describe('a host’s open lobbies, as the cap counts them (ADR 0070)', () => {
  it('given LiveMatches holds two of ann’s lobbies, a started table of hers, a tournament table and bob’s lobby, then she hosts 2', async () => {
    const records = new Map([
      ['m1', lobby('m1', 'ann')],
      ['m2', lobby('m2', 'ann')],
      ['m3', lobby('m3', 'ann', { status: 'playing' })],
      ['m4', lobby('m4', 'ann', { tournament: { tournamentId: 't1', round: 1, table: 1 } })],
      ['m5', lobby('m5', 'bob')],
    ]);
    const counted = await new HostedLobbies(matchesOf(records), { maxOpenLobbies: 3 }).opening('ann', async (count) => count);
    expect(counted).toEqual({ hosted: 2, max: 3 });
  });

  it('given an opening under way, then it counts; once acknowledged, LiveMatches holds it and counts it', async () => {
    const records = new Map<string, MatchRecord>();
    const lobbies = new HostedLobbies(matchesOf(records), { maxOpenLobbies: 3 });
    let release!: () => void;
    const first = lobbies.opening('ann', () => new Promise<Count | undefined>((resolve) => (release = () => resolve(undefined))));
    expect(await lobbies.opening('ann', async (count) => count)).toEqual({ hosted: 1, max: 3 });
    records.set('m1', lobby('m1', 'ann'));
    release();
    await first;
    expect(await lobbies.opening('ann', async (count) => count)).toEqual({ hosted: 1, max: 3 });
  });

  it('given no cap (0), then no count is given: the decider caps nothing', async () => {
    expect(await new HostedLobbies(matchesOf(new Map()), { maxOpenLobbies: 0 }).opening('ann', async (count) => count)).toBeUndefined();
  });
});
