import type { PlayerId } from '@liars-dice/game-rules';
import type { RoundCompleted } from './events';
import { nextStage } from './progress';
import type { Recorder } from './recorder';
import { standingsOf } from './standings';
import { currentRound, isDone, type RoundRecord, type Tournament } from './state';

/**
 * After any change to tables or players: completes the round once every table is finished or voided, and
 * finishes the tournament once no further round can be seated. Shared by every command that can end a round.
 */
export function settle(recorder: Recorder, at: number): void {
  const state = recorder.state;
  if (state.status !== 'running') return;
  const round = currentRound(state);
  if (round?.status === 'published' && round.tables.every(isDone)) recorder.emit(roundCompleted(state, round, at));
  const after = recorder.state;
  const last = currentRound(after);
  if ((!last || last.status === 'completed') && nextStage(after) === null) {
    recorder.emit({ type: 'TournamentFinished', data: { winner: winnerOf(after), at } });
  }
}

function roundCompleted(state: Tournament, round: RoundRecord, at: number): RoundCompleted {
  const data = { round: round.round, stage: round.stage, at };
  if (round.stage !== 'knockout') return { type: 'RoundCompleted', data: { ...data, advancing: [], eliminated: [] } };
  const advancing = round.tables.flatMap((table) => goingThrough(state, table.players.length, table.results ?? []));
  const through = new Set(advancing);
  const eliminated = round.tables.flatMap((table) => table.players).filter((id) => state.players.get(id)?.status === 'active' && !through.has(id));
  return { type: 'RoundCompleted', data: { ...data, advancing, eliminated } };
}

/**
 * The top `advancePerTable` of a knockout table go through — never the whole table: at a table of that many
 * or fewer, all but the last. Only players who played and are still in count; a shared place is broken by
 * the draw (the lower lot).
 */
function goingThrough(state: Tournament, size: number, results: RoundRecord['tables'][number]['results'] & object): PlayerId[] {
  const lot = (id: PlayerId) => state.players.get(id)?.lot ?? Infinity;
  return results
    .filter((result) => result.outcome === 'played' && state.players.get(result.player)?.status === 'active')
    .sort((a, b) => a.place - b.place || lot(a.player) - lot(b.player))
    .slice(0, Math.min(state.config.advancePerTable, size - 1))
    .map((result) => result.player);
}

/** The top of the standings who is not disqualified, or nobody. */
function winnerOf(state: Tournament): PlayerId | null {
  return standingsOf(state).find((standing) => standing.status !== 'disqualified')?.player ?? null;
}
