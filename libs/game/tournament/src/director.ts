import type { PlayerId } from '@liars-dice/game-rules';
import { seatingDue } from './progress';
import { currentRound, isDone, type RoundRecord, type TableRecord, type Tournament } from './state';

/**
 * What the server must do for a tournament now, derived from its state alone (level-triggered): the process
 * manager runs these after every change and at every start, so a crash between two steps loses nothing and
 * repeating a step is harmless (every command it leads to is idempotent or fenced by the stream revision).
 */
export type DirectorTask =
  /** The start time has passed and the organiser has not started it. */
  | { readonly kind: 'start' }
  /** A round waits for its seating draw. */
  | { readonly kind: 'seat-round'; readonly round: number }
  /** A published table has no match yet: create it (this id, these seats in order), start it, assign it. */
  | { readonly kind: 'open-table'; readonly round: number; readonly table: number; readonly matchId: string; readonly players: readonly PlayerId[] }
  /** A table is playing: its result is recorded when its match finishes. */
  | { readonly kind: 'collect-result'; readonly round: number; readonly table: number; readonly matchId: string }
  /** A player who left the tournament still sits in a table's running match: take them out of it. */
  | { readonly kind: 'remove-from-table'; readonly round: number; readonly table: number; readonly matchId: string; readonly player: PlayerId };

/**
 * The match of a table: `<tournamentId>-r<round>-t<table>`, and `-x<n>` for its n-th replay. Deterministic, so
 * two processes (or one restarted) creating it collide on the match stream instead of creating two matches.
 */
export function tableMatchId(tournamentId: string, round: number, table: number, replay = 0): string {
  return `${tournamentId}-r${round}-t${table}${replay > 0 ? `-x${replay}` : ''}`;
}

function tableTasks(state: Tournament, round: RoundRecord, table: TableRecord): DirectorTask[] {
  const at = { round: round.round, table: table.table };
  if (table.status === 'seated') {
    const matchId = tableMatchId(state.config.tournamentId, round.round, table.table, table.replayed.length);
    return [{ kind: 'open-table', ...at, matchId, players: table.players }];
  }
  if (table.status !== 'playing' || table.matchId === null) return [];
  const matchId = table.matchId;
  // A player reinstated during this round still left this table: its match goes on without them.
  const leavers = table.players.filter((id) => {
    const player = state.players.get(id);
    return player?.status === 'withdrawn' || player?.status === 'disqualified' || player?.forfeitRound === round.round;
  });
  return [{ kind: 'collect-result', ...at, matchId }, ...leavers.map((player) => ({ kind: 'remove-from-table' as const, ...at, matchId, player }))];
}

export function directorTasks(state: Tournament, now: number): DirectorTask[] {
  if (state.status === 'registration') return now >= state.config.startsAt ? [{ kind: 'start' }] : [];
  if (state.status !== 'running') return [];
  const due = seatingDue(state);
  if (due) return [{ kind: 'seat-round', round: due.round }];
  const round = currentRound(state);
  if (round?.status !== 'published') return [];
  return round.tables.filter((table) => !isDone(table)).flatMap((table) => tableTasks(state, round, table));
}
