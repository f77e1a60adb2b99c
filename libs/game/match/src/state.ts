import { evolve, initialState, type MatchState } from '@liars-dice/game-rules';
import { isEngineEvent, type StreamEvent } from './events';
import { evolveTable, initialTable, type Table } from './table';

/** What the match decider decides on: the table (lobby) and the engine's state of play. */
export interface TableState {
  readonly table: Table;
  readonly game: MatchState;
}

export const initialTableState: TableState = { table: initialTable, game: initialState };

export function evolveTableState(state: TableState, event: StreamEvent): TableState {
  const table = evolveTable(state.table, event);
  const game = isEngineEvent(event) ? evolve(state.game, event) : state.game;
  return table === state.table && game === state.game ? state : { table, game };
}
