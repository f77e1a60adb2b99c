import { Injectable } from '@nestjs/common';
import { checkFirst, decodeCursor, type Page, pageOf } from '@liars-dice/server-platform';
import type { TournamentRecord } from '@liars-dice/game-tournament';
import type { TournamentFilterInput } from './graphql/tournament-inputs.types';
import type { TournamentSummaryView, TournamentView } from './graphql/tournament.types';
import { TournamentCatalog } from './tournament-catalog';
import type { TournamentOutcome } from './tournament-command-runner';
import { TournamentRepository } from './tournament-repository';
import { type Looker, summaryView, tournamentView } from './tournament-views';

function matches(record: TournamentRecord, filter: TournamentFilterInput): boolean {
  const { state } = record;
  const { config } = state;
  if (filter.status && state.status !== filter.status) return false;
  if (filter.family && config.family !== filter.family) return false;
  if (filter.format && config.format !== filter.format) return false;
  if (typeof filter.ranked === 'boolean' && config.ranked !== filter.ranked) return false;
  if (filter.organiser && config.organiser !== filter.organiser) return false;
  return !filter.player || state.players.has(filter.player);
}

/** Newest start first, then by id: the list's sort key, and its cursor. */
const keyOf = (record: TournamentRecord): [number, string] => [
  record.state.config.startsAt,
  record.state.config.tournamentId,
];

function after(record: TournamentRecord, cursor: [number, string] | null): boolean {
  if (!cursor) return true;
  const [startsAt, id] = keyOf(record);
  return startsAt < cursor[0] || (startsAt === cursor[0] && id > cursor[1]);
}

/**
 * Tournaments as views: one tournament read straight from its stream (read-your-writes); the list from the
 * live catalog, a moment behind the commands, with the platform's keyset cursor.
 */
@Injectable()
export class TournamentReader {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly catalog: TournamentCatalog,
  ) {}

  async record(tournamentId: string): Promise<TournamentRecord> {
    return this.repository.load(tournamentId);
  }

  async view(tournamentId: string, looker: Looker | null): Promise<TournamentView> {
    return tournamentView(await this.repository.load(tournamentId), looker);
  }

  /** The caller's view as the command left the tournament (the first result, for a repeated command id). */
  async afterCommand(outcome: TournamentOutcome, looker: Looker | null): Promise<TournamentView> {
    const known = outcome.record?.revision === outcome.revision ? outcome.record : undefined;
    return tournamentView(
      known ?? (await this.repository.at(outcome.tournamentId, outcome.revision)),
      looker,
    );
  }

  list(filter: TournamentFilterInput, first: number, cursor: string | null): Page<TournamentSummaryView> {
    checkFirst(first);
    const from = decodeCursor(cursor, ['number', 'string'] as const);
    const rows = [...this.catalog.all()]
      .filter((record) => matches(record, filter) && after(record, from))
      .sort(
        (a, b) =>
          b.state.config.startsAt - a.state.config.startsAt ||
          (a.state.config.tournamentId < b.state.config.tournamentId ? -1 : 1),
      )
      .slice(0, first + 1);
    const page = pageOf(rows, first, keyOf);
    return { ...page, nodes: page.nodes.map(summaryView) };
  }
}
