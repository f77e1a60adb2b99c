import type { PlayerId } from '@liars-dice/game-rules';
import { balancedTableSizes, chunk } from './balance';
import type { SeatedTable } from './events';
import type { SeatingDue } from './progress';
import { minimiseRepeats } from './repeat-opponents';
import type { Tournament } from './state';
import { opponentsMet, talliesOf } from './tally';

/**
 * Turns the drawn order of the players to seat into tables (docs/tournaments.md, "Seating"):
 * 1. table sizes: the fewest tables, balanced within one (balance.ts);
 * 2. swiss rounds: the drawn order sorted by points, highest first (the draw orders players level on points),
 *    cut into tables in that order; knockout rounds: the drawn order cut as it is; the final: one table;
 * 3. swaps between nearby tables that lower repeated opponents (and the points spread, for swiss) — a
 *    repeated pair costs as much as a spread of the largest table's size in points (repeat-opponents.ts);
 * 4. seat order at every table: the players' order in the draw.
 * Pure and deterministic: the same state and draw always give the same tables.
 */
export function planSeating(state: Tournament, due: SeatingDue, order: readonly PlayerId[]): SeatedTable[] {
  const position = new Map(order.map((player, index) => [player, index]));
  const byDraw = (a: PlayerId, b: PlayerId) => (position.get(a) as number) - (position.get(b) as number);
  const tables = due.stage === 'final' ? [[...order]] : groupForRound(state, due, order, byDraw);
  return tables.map((players, index) => ({ table: index + 1, players: players.sort(byDraw) }));
}

function groupForRound(state: Tournament, due: SeatingDue, order: readonly PlayerId[], byDraw: (a: PlayerId, b: PlayerId) => number): PlayerId[][] {
  const sizes = balancedTableSizes(order.length, state.config.tableSize.max);
  const points = due.stage === 'swiss' ? pointsOf(state) : null;
  const ordered = points ? [...order].sort((a, b) => (points.get(b) ?? 0) - (points.get(a) ?? 0) || byDraw(a, b)) : [...order];
  const tables = chunk(ordered, sizes);
  if (state.rounds.length > 0) minimiseRepeats(tables, { met: opponentsMet(state), points, repeatWeight: state.config.tableSize.max });
  return tables;
}

function pointsOf(state: Tournament): Map<PlayerId, number> {
  const points = new Map<PlayerId, number>();
  for (const [id, tally] of talliesOf(state)) points.set(id, tally.points);
  return points;
}
