import type { PlayerId } from '@liars-dice/game-rules';
import { standingsOf } from './standings';
import { activePlayers, currentRound, type Tournament } from './state';
import type { Stage } from './vocabulary';

/**
 * The stage of the next round, or null when no further round can be played: fewer than two players still in,
 * or the final table has been played. Swiss: the configured rounds, then the final table. Knockout: rounds
 * of tables until the players still in fit at one table, which is the final.
 */
export function nextStage(state: Tournament): Stage | null {
  const contenders = activePlayers(state).length;
  if (contenders < 2 || state.rounds.some((round) => round.stage === 'final')) return null;
  if (state.config.format === 'swiss-tables') {
    const swissRounds = state.rounds.filter((round) => round.stage === 'swiss').length;
    return swissRounds < state.config.rounds ? 'swiss' : 'final';
  }
  return contenders <= state.config.tableSize.max ? 'final' : 'knockout';
}

export interface SeatingDue {
  readonly round: number;
  readonly stage: Stage;
  /** Who is to be seated, in code-unit order of their ids: the input the seating draw permutes. */
  readonly players: readonly PlayerId[];
}

/** The round waiting for its seating draw, if any: the tournament runs and the last round is complete. */
export function seatingDue(state: Tournament): SeatingDue | null {
  if (state.status !== 'running') return null;
  const last = currentRound(state);
  if (last && last.status !== 'completed') return null;
  const stage = nextStage(state);
  if (!stage) return null;
  const round = (last?.round ?? 0) + 1;
  const players = stage === 'final' && state.config.format === 'swiss-tables' ? finalists(state) : activePlayers(state).map((p) => p.id);
  return { round, stage, players: players.sort(byCodeUnits) };
}

/** The top of the swiss standings among the players still in, as many as the final table seats. */
export function finalists(state: Tournament): PlayerId[] {
  return standingsOf(state)
    .filter((standing) => standing.status === 'active')
    .slice(0, state.config.finalTableSize)
    .map((standing) => standing.player);
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The round that the next seating will be for: the draft waiting for publication, or the round after. */
export function nextSeatingRound(state: Tournament): number {
  const last = currentRound(state);
  if (!last) return 1;
  return last.status === 'drafted' ? last.round : last.round + 1;
}
