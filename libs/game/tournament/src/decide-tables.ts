import type { PlayerId } from '@liars-dice/game-rules';
import { checkModerator } from './authority';
import type { AssignTableMatch, RecordTableResult, RestoreTable, VoidTable } from './commands';
import type { ResultOutcome, TableResult, TournamentEvent } from './events';
import { placementsOf } from './points';
import { Recorder } from './recorder';
import { settle } from './settle';
import type { PlayerRecord, RoundRecord, TableRecord, Tournament } from './state';
import { TournamentViolation } from './tournament-violation';

type Decision = readonly TournamentEvent[] | TournamentViolation;

function findTable(state: Tournament, at: { round: number; table: number }): { round: RoundRecord; table: TableRecord } | TournamentViolation {
  const round = state.rounds.find((r) => r.round === at.round);
  const table = round?.tables[at.table - 1];
  if (!round || round.status === 'drafted' || !table) {
    return new TournamentViolation('UNKNOWN_TABLE', `round ${at.round} has no published table ${at.table}`);
  }
  return { round, table };
}

/** The process manager created the table's match. Repeating it with the same match changes nothing. */
export function assignTableMatch(state: Tournament, data: AssignTableMatch['data']): Decision {
  const found = findTable(state, data);
  if (found instanceof TournamentViolation) return found;
  if (typeof data.matchId !== 'string' || data.matchId.length === 0) return new TournamentViolation('UNEXPECTED_COMMAND', 'matchId: expected a match id');
  const { table } = found;
  if (table.matchId === data.matchId) return [];
  if (table.status !== 'seated') {
    return new TournamentViolation('MATCH_ALREADY_ASSIGNED', `round ${data.round}, table ${data.table} already plays ${table.matchId}`);
  }
  return [{ type: 'TableMatchAssigned', data: { round: data.round, table: data.table, matchId: data.matchId, at: data.at } }];
}

function checkPlacements(table: TableRecord, placements: unknown, absent: unknown): string | null {
  if (!Array.isArray(placements) || !placements.every(Array.isArray)) return 'placements: expected groups of players, winner first';
  const placed = (placements as unknown[][]).flat();
  const seated = new Set(table.players);
  if (placed.length !== seated.size || !placed.every((p) => seated.delete(p as PlayerId))) {
    return `placements: expected every player of the table once (${table.players.join(', ')})`;
  }
  if (!Array.isArray(absent) || !absent.every((p) => table.players.includes(p as PlayerId))) return 'absent: expected players of the table';
  return null;
}

/**
 * How a seat's result counts: a player disqualified (or reinstated after the table they were taken from), or who withdrew during this round, forfeits it; a player
 * who never acted at the table was absent for it (no-show: 0 points, not seated again).
 */
function outcomeOf(player: PlayerRecord | undefined, round: number, absent: boolean): ResultOutcome {
  if (player?.status === 'disqualified' || player?.forfeitRound === round) return 'disqualified';
  if (player?.status === 'withdrawn' && player.leftInRound === round) return 'withdrawn';
  return absent ? 'absent' : 'played';
}

/** A table's match finished: places and points from its placements, then the round and the tournament settle. */
export function recordTableResult(state: Tournament, data: RecordTableResult['data']): Decision {
  const found = findTable(state, data);
  if (found instanceof TournamentViolation) return found;
  const { table } = found;
  if (table.status === 'finished' && table.matchId === data.matchId) return [];
  if (table.matchId !== data.matchId) {
    return new TournamentViolation('MATCH_MISMATCH', `round ${data.round}, table ${data.table} plays ${table.matchId ?? 'no match yet'}, not ${data.matchId}`);
  }
  if (table.status !== 'playing') return new TournamentViolation('TABLE_NOT_PLAYING', `round ${data.round}, table ${data.table} is ${table.status}`);
  const absent = data.absent ?? [];
  const problem = checkPlacements(table, data.placements, absent);
  if (problem) return new TournamentViolation('INVALID_RESULT', problem);
  const results: TableResult[] = placementsOf(data.placements).map(({ player, place, outlasted }) => {
    const outcome = outcomeOf(state.players.get(player), data.round, absent.includes(player));
    return { player, place, points: outcome === 'played' ? outlasted : 0, outcome };
  });
  const recorder = new Recorder(state);
  recorder.emit({ type: 'TableFinished', data: { round: data.round, table: data.table, matchId: data.matchId, results, at: data.at } });
  settle(recorder, data.at);
  return recorder.events;
}

/**
 * A voided match (docs/tournaments.md): a swiss table, or any table whose round is already complete, loses its
 * points (it counts for nobody: no points, no opponents, no head-to-head); a knockout or final table whose
 * round is still in play is replayed — same seats, a new match.
 */
export function voidTable(state: Tournament, data: VoidTable['data']): Decision {
  const refusal = checkModerator(data.by, 'void a tournament match');
  if (refusal) return refusal;
  if (state.status === 'cancelled') return new TournamentViolation('TOURNAMENT_OVER', 'the tournament was cancelled');
  const found = findTable(state, data);
  if (found instanceof TournamentViolation) return found;
  const { round, table } = found;
  if (table.replayed.includes(data.matchId)) return [];
  if (table.matchId !== data.matchId) return new TournamentViolation('MATCH_MISMATCH', `round ${data.round}, table ${data.table} does not play ${data.matchId}`);
  if (table.status === 'voided') return [];
  const rule = round.stage !== 'swiss' && round.status === 'published' ? 'replay' : 'points-removed';
  const recorder = new Recorder(state);
  const reason = typeof data.reason === 'string' ? data.reason : '';
  recorder.emit({ type: 'TableVoided', data: { round: data.round, table: data.table, matchId: data.matchId, rule, by: data.by.id, reason, at: data.at } });
  settle(recorder, data.at);
  return recorder.events;
}

/** A lifted void: the table's recorded results count again and the standings recompute. */
export function restoreTable(state: Tournament, data: RestoreTable['data']): Decision {
  const refusal = checkModerator(data.by, 'restore a voided tournament match');
  if (refusal) return refusal;
  const found = findTable(state, data);
  if (found instanceof TournamentViolation) return found;
  const { table } = found;
  if (table.status !== 'voided' || table.matchId !== data.matchId || !table.results) {
    return new TournamentViolation('TABLE_NOT_VOIDED', `round ${data.round}, table ${data.table} has no voided result of ${data.matchId} to restore`);
  }
  return [{ type: 'TableRestored', data: { round: data.round, table: data.table, matchId: data.matchId, by: data.by.id, at: data.at } }];
}
