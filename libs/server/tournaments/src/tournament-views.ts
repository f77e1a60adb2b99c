import {
  checkInOpensAt,
  type PlayerRecord,
  type RoundRecord,
  standingsOf,
  type TableRecord,
  type TournamentRecord,
} from '@liars-dice/game-tournament';
import { iso } from '@liars-dice/server-platform';
import type {
  EntrantView,
  StandingView,
  TournamentRoundView,
  TournamentSummaryView,
  TournamentTableView,
  TournamentView,
} from './graphql/tournament.types';

/** Who looks: an account and its role, or nobody (a spectator). */
export interface Looker {
  readonly id: string;
  readonly role: string;
}

/** A draft seating is the organiser's to review: shown to them and to staff only. */
export function seesDrafts(record: TournamentRecord, looker: Looker | null): boolean {
  return (
    looker !== null &&
    (looker.id === record.state.config.organiser || looker.role === 'admin' || looker.role === 'moderator')
  );
}

export function entrantView(player: PlayerRecord): EntrantView {
  const { id, name, kind, status, checkedIn, late, firstRound, leftInRound, lot } = player;
  return {
    id,
    name,
    kind,
    difficulty: (player.difficulty as EntrantView['difficulty']) ?? null,
    status,
    checkedIn,
    late,
    firstRound,
    leftInRound,
    lot,
  };
}

function tableView(record: TournamentRecord, table: TableRecord): TournamentTableView {
  const players = table.players
    .map((id) => record.state.players.get(id))
    .filter((p): p is PlayerRecord => p !== undefined);
  const results = table.results?.map((r) => ({ ...r })) ?? null;
  return {
    table: table.table,
    players: players.map(entrantView),
    status: table.status,
    matchId: table.matchId,
    results,
    voided: table.voided,
    replayed: [...table.replayed],
  };
}

export function roundView(record: TournamentRecord, round: RoundRecord): TournamentRoundView {
  const tables = round.tables.map((table) => tableView(record, table));
  return {
    tournamentId: record.state.config.tournamentId,
    round: round.round,
    stage: round.stage,
    status: round.status,
    tables,
    advancing: [...round.advancing],
  };
}

function entrants(record: TournamentRecord): number {
  let count = 0;
  for (const player of record.state.players.values())
    if (player.status === 'registered' || player.status === 'active') count++;
  return count;
}

export function summaryView(record: TournamentRecord): TournamentSummaryView {
  const { state } = record;
  const { config } = state;
  const winner = state.winner === null ? null : (state.players.get(state.winner)?.name ?? null);
  return {
    id: config.tournamentId,
    name: config.name,
    organiser: config.organiserName,
    family: config.family,
    format: config.format,
    ranked: config.ranked,
    status: state.status,
    capacity: config.capacity,
    entrants: entrants(record),
    startsAt: iso(config.startsAt) as string,
    currentRound: state.rounds.filter((r) => r.status !== 'drafted').at(-1)?.round ?? null,
    winner,
  };
}

/** The whole tournament as `looker` may see it: drafts only for its organiser and staff, the seed once over. */
export function tournamentView(record: TournamentRecord, looker: Looker | null): TournamentView {
  const { state } = record;
  const { config } = state;
  const drafts = seesDrafts(record, looker);
  const mine = looker ? state.players.get(looker.id) : undefined;
  return {
    ...summaryView(record),
    organiserId: config.organiser,
    options: { ...config.options },
    minTableSize: config.tableSize.min,
    maxTableSize: config.tableSize.max,
    swissRounds: config.rounds,
    finalTableSize: config.finalTableSize,
    advancePerTable: config.advancePerTable,
    registrationOpensAt: iso(config.registrationOpensAt) as string,
    registrationClosesAt: iso(config.registrationClosesAt) as string,
    checkInOpensAt: iso(checkInOpensAt(config)) as string,
    checkInMinutes: config.checkInMinutes,
    lateRegistrationUntilRound: config.lateRegistrationUntilRound,
    autoPublish: config.autoPublish,
    createdAt: iso(state.createdAt) as string,
    startedAt: iso(state.startedAt),
    endedAt: iso(state.endedAt),
    fairnessCommitment: state.fairness.commitment,
    seed: record.seed,
    players: [...state.players.values()].map(entrantView),
    me: mine ? entrantView(mine) : null,
    rounds: state.rounds
      .filter((r) => drafts || r.status !== 'drafted')
      .map((round) => roundView(record, round)),
    revision: record.revision.toString(),
  };
}

export function standingsView(record: TournamentRecord): StandingView[] {
  return standingsOf(record.state).map((standing) => ({
    ...standing,
    tables: standing.tables.map((t) => ({ ...t })),
  }));
}
