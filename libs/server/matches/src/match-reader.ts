import { Injectable } from '@nestjs/common';
import { Refusal } from '@liars-dice/server-platform';
import type { CommandOutcome } from './match-command-runner';
import { MatchCatalog } from './match-catalog';
import { isCpuSeat, type MatchRecord, seatOwnedBy } from './match-record';
import { MatchRepository } from './match-repository';
import { type Looker, viewMatch } from './match-views';
import type { MatchView } from './graphql/match-view.types';
import type { MatchPage, MatchSummary } from './graphql/match-list.types';
import { MatchStatusFilter, type MatchFilter } from './graphql/match-inputs.types';

/** Read side of the match API: views straight from the store, lists from the live catalog. */
@Injectable()
export class MatchReader {
  constructor(
    private readonly repository: MatchRepository,
    private readonly catalog: MatchCatalog,
  ) {}

  async view(matchId: string, looker: Looker | null): Promise<MatchView> {
    return viewMatch(await this.repository.load(matchId), looker);
  }

  /** The caller's view as the command left the match (the first result, for a repeated command id). */
  async afterCommand(outcome: CommandOutcome, looker: Looker | null): Promise<MatchView> {
    const known = outcome.record?.revision === outcome.revision ? outcome.record : undefined;
    return viewMatch(known ?? (await this.repository.at(outcome.matchId, outcome.revision)), looker);
  }

  list(filter: MatchFilter, looker: Looker | null, first: number, after: string | null): MatchPage {
    if (first < 1 || first > 100) throw new Refusal('BAD_USER_INPUT', 'first: 1 to 100', 'first');
    if (filter.mine && !looker) throw new Refusal('UNAUTHENTICATED', 'filter.mine: sign in first', 'filter.mine');
    const matching = [...this.catalog.all()].filter((record) => matches(record, filter, looker)).sort(newestFirst);
    const start = after === null ? 0 : matching.findIndex((record) => cursorOf(record) === after) + 1;
    if (after !== null && start === 0) throw new Refusal('BAD_USER_INPUT', 'after: unknown cursor', 'after');
    const page = matching.slice(start, start + first);
    const last = page.at(-1);
    return { nodes: page.map(summary), endCursor: last ? cursorOf(last) : null, hasNextPage: start + first < matching.length };
  }
}

function phase(record: MatchRecord): MatchStatusFilter {
  if (record.game.status === 'none') return MatchStatusFilter.LOBBY;
  return record.game.status === 'finished' ? MatchStatusFilter.FINISHED : MatchStatusFilter.PLAYING;
}

function freeSeats(record: MatchRecord): number {
  return record.seats.filter((seat) => seat.kind === 'human' && seat.owner === null).length;
}

function matches(record: MatchRecord, filter: MatchFilter, looker: Looker | null): boolean {
  if (filter.status && phase(record) !== filter.status) return false;
  if (filter.ruleset && record.opened.ruleset !== filter.ruleset) return false;
  if (filter.open && (phase(record) !== MatchStatusFilter.LOBBY || freeSeats(record) === 0)) return false;
  return !filter.mine || !looker || record.opened.host.id === looker.id || seatOwnedBy(record, looker.id) !== undefined;
}

function newestFirst(a: MatchRecord, b: MatchRecord): number {
  return b.opened.openedAt - a.opened.openedAt || a.opened.matchId.localeCompare(b.opened.matchId);
}

function cursorOf(record: MatchRecord): string {
  return Buffer.from(`${record.opened.openedAt}:${record.opened.matchId}`).toString('base64url');
}

function summary(record: MatchRecord): MatchSummary {
  const { opened, game } = record;
  return {
    id: opened.matchId,
    ruleset: opened.ruleset,
    kind: opened.kind,
    ranked: opened.ranked,
    status: game.status === 'none' ? 'lobby' : game.status,
    host: opened.host.name,
    players: record.seats.map((seat) => (isCpuSeat(seat) ? 'cpu' : (seat.owner?.name ?? null))),
    freeSeats: freeSeats(record),
    winner: game.status === 'finished' ? game.winner : null,
    openedAt: new Date(opened.openedAt).toISOString(),
  };
}
