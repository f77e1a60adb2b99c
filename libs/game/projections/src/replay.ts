import { evolve, initialState, type MatchState, playerView, type PlayerView } from '@liars-dice/game-rules';
import { isEngine } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/** One step of a replay: the engine event and the match as it stood right after it. */
export interface ReplayStep {
  /** Index in the match's stream (lobby events are not steps). */
  readonly index: number;
  readonly step: number;
  readonly type: string;
  readonly at: number;
  /** The public view (no hand before its reveal), or the full state for a moderator of a finished match. */
  readonly state: PlayerView | MatchState;
}

export interface ReplayWindow {
  readonly steps: readonly ReplayStep[];
  readonly total: number;
}

/**
 * The state after each engine event, folded with the engine's own `evolve`, for steps [from, from + count).
 * Folding is cheap (millions of events per second), so the window is recomputed from the stored events on
 * every request rather than stored per step.
 */
export function replayTimeline(events: readonly ProjectedEvent[], full: boolean, from = 0, count = Number.MAX_SAFE_INTEGER): ReplayWindow {
  const engine = events.filter(isEngine);
  const steps: ReplayStep[] = [];
  let state: MatchState = initialState;
  const end = Math.min(engine.length, from + count);
  for (let step = 0; step < end; step++) {
    const projected = engine[step];
    if (!projected) break;
    state = evolve(state, projected.event);
    if (step < from) continue;
    const shown = full ? state : playerView(state, null);
    if (shown) steps.push({ index: projected.index, step, type: projected.event.type, at: projected.at, state: shown });
  }
  return { steps, total: engine.length };
}
