import { Inject, Injectable } from '@nestjs/common';
import { type HostedLobbies as Count, isLobbyHostedBy } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { LiveMatches } from './live-matches';

/**
 * How many casual lobbies a host hosts, for the lobby decider's cap (MAX_OPEN_LOBBIES): the lobbies
 * LiveMatches holds (this process's as soon as the store acknowledged them, other replicas' within the
 * follower's lag) plus the openings under way here. Replicas count only their own openings under way, so N
 * replicas opening for one host at the same instant may let it exceed the cap by N - 1.
 */
@Injectable()
export class HostedLobbies {
  /** Openings under way, by host. */
  private readonly underway = new Map<string, number>();

  constructor(
    private readonly matches: LiveMatches,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'maxOpenLobbies'>,
  ) {}

  /** Runs an opening for `hostId` with the host's count (none without a cap), counting it meanwhile. */
  async opening<T>(hostId: string, open: (count: Count | undefined) => Promise<T>): Promise<T> {
    const max = this.settings.maxOpenLobbies;
    if (max <= 0) return open(undefined);
    const count = { hosted: this.hostedBy(hostId), max };
    this.underway.set(hostId, (this.underway.get(hostId) ?? 0) + 1);
    try {
      return await open(count);
    } finally {
      const left = (this.underway.get(hostId) ?? 1) - 1;
      if (left > 0) this.underway.set(hostId, left);
      else this.underway.delete(hostId);
    }
  }

  private hostedBy(hostId: string): number {
    let hosted = this.underway.get(hostId) ?? 0;
    for (const record of this.matches.all()) if (isLobbyHostedBy(record.table, hostId)) hosted += 1;
    return hosted;
  }
}
