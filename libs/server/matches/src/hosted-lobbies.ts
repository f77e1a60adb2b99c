import { Inject, Injectable } from '@nestjs/common';
import { type HostedLobbies as Count, isLobbyHostedBy } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { MatchCatalog } from './match-catalog';

/** How long a lobby opened here is counted while the catalog has not folded it yet (the follower's lag is far less). */
const UNFOLDED_MS = 5_000;

/**
 * How many casual lobbies a host hosts, for the lobby decider's cap (MAX_OPEN_LOBBIES, ADR 0070): the lobbies
 * the match catalog holds (every replica's, within its follower's lag), plus those this process is opening for
 * the host or has just opened that the catalog has not folded yet. Replicas each count their own openings only,
 * so N replicas opening for one host at the same instant may let it exceed the cap by N - 1.
 */
@Injectable()
export class HostedLobbies {
  /** Openings under way, by host. */
  private readonly underway = new Map<string, number>();
  /** Lobbies opened here, by host: match id and when, until the catalog holds them. */
  private readonly opened = new Map<string, Map<string, number>>();

  constructor(
    private readonly catalog: MatchCatalog,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'maxOpenLobbies'>,
  ) {}

  /** Runs the opening of `matchId` for `hostId` with the host's count (none without a cap), counting it meanwhile. */
  async opening<T>(hostId: string, matchId: string, open: (count: Count | undefined) => Promise<T>): Promise<T> {
    const max = this.settings.maxOpenLobbies;
    if (max <= 0) return open(undefined);
    const count = { hosted: this.hostedBy(hostId), max };
    this.underway.set(hostId, (this.underway.get(hostId) ?? 0) + 1);
    try {
      const outcome = await open(count);
      const opened = this.opened.get(hostId) ?? new Map<string, number>();
      this.opened.set(hostId, opened.set(matchId, Date.now()));
      return outcome;
    } finally {
      const left = (this.underway.get(hostId) ?? 1) - 1;
      if (left > 0) this.underway.set(hostId, left);
      else this.underway.delete(hostId);
    }
  }

  private hostedBy(hostId: string): number {
    let hosted = this.underway.get(hostId) ?? 0;
    for (const record of this.catalog.all()) if (isLobbyHostedBy(record.table, hostId)) hosted += 1;
    const opened = this.opened.get(hostId);
    for (const [matchId, at] of opened ?? []) {
      if (this.catalog.get(matchId) || Date.now() - at > UNFOLDED_MS) opened?.delete(matchId);
      else hosted += 1;
    }
    if (opened?.size === 0) this.opened.delete(hostId);
    return hosted;
  }
}
