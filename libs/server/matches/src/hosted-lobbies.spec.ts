import type { HostedLobbies as Count, MatchRecord } from '@liars-dice/game-match';
import { HostedLobbies } from './hosted-lobbies';
import type { MatchCatalog } from './match-catalog';

/** A catalog holding `records` (what the follower has folded): the two reads HostedLobbies makes. */
function catalogOf(records: Map<string, MatchRecord>): MatchCatalog {
  return { all: () => records.values(), get: (id: string) => records.get(id) } as unknown as MatchCatalog;
}

const lobby = (matchId: string, hostId: string, extra = {}) => ({ table: { status: 'lobby', matchId, host: { id: hostId, name: hostId }, ...extra } }) as unknown as MatchRecord;

describe('a host’s open lobbies, as the cap counts them (ADR 0070)', () => {
  it('given the catalog holds two of ann’s lobbies, a started table of hers, a tournament table and bob’s lobby, then she hosts 2', async () => {
    const records = new Map([
      ['m1', lobby('m1', 'ann')],
      ['m2', lobby('m2', 'ann')],
      ['m3', lobby('m3', 'ann', { status: 'playing' })],
      ['m4', lobby('m4', 'ann', { tournament: { tournamentId: 't1', round: 1, table: 1 } })],
      ['m5', lobby('m5', 'bob')],
    ]);
    const counted = await new HostedLobbies(catalogOf(records), { maxOpenLobbies: 3 }).opening('ann', 'm6', async (count) => count);
    expect(counted).toEqual({ hosted: 2, max: 3 });
  });

  it('given openings under way and one just opened that the catalog has not folded yet, then each counts', async () => {
    const lobbies = new HostedLobbies(catalogOf(new Map()), { maxOpenLobbies: 3 });
    let release!: () => void;
    const first = lobbies.opening('ann', 'm1', () => new Promise<Count | undefined>((resolve) => (release = () => resolve(undefined))));
    expect(await lobbies.opening('ann', 'm2', async (count) => count)).toEqual({ hosted: 1, max: 3 });
    release();
    await first;
    expect(await lobbies.opening('ann', 'm3', async (count) => count)).toEqual({ hosted: 2, max: 3 });
  });

  it('given no cap (0), then no count is given: the decider caps nothing', async () => {
    expect(await new HostedLobbies(catalogOf(new Map()), { maxOpenLobbies: 0 }).opening('ann', 'm1', async (count) => count)).toBeUndefined();
  });
});
