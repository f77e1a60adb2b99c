import { evolve, initialState, type MatchState, playerView, type PlayerView } from '@liars-dice/game-rules';
import { isReplayStep } from '@liars-dice/game-match';
import { isEngine } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/**
 * Whose eyes a replay is seen through: the public (no hand before its reveal), one seat (that seat's own dice
 * too), or every hand (`full`). Who may ask for which is the server's call; this only builds what each sees.
 */
export type ReplayViewer = { readonly kind: 'public' } | { readonly kind: 'seat'; readonly seat: string } | { readonly kind: 'full' };

/**
 * One step of a replay: the engine event (as the viewer may see it), or a player's absence (`PlayerAbsent`, which
 * changes no engine state), and the match right after it.
 */
export interface ReplayStep {
  /** Index in the match's stream (other lobby events are not steps). */
  readonly index: number;
  readonly step: number;
  readonly type: string;
  readonly at: number;
  /** metadata.actor (`account:<id>`, `cpu:<seat>`, `timer`) and the command that caused it. */
  readonly actor: string | null;
  readonly commandId: string | null;
  /** The event's data; a roll shows only the hands this viewer holds at this step. */
  readonly event: unknown;
  /** The seat's or the public view, or the full state (`full`). */
  readonly state: PlayerView | MatchState;
}

export interface ReplayWindow {
  readonly steps: readonly ReplayStep[];
  readonly total: number;
}

export interface ReplayOptions {
  readonly from?: number;
  readonly count?: number;
  /**
   * false: each state keeps only the latest revealed round in `history` (the one a reveal shows), so a window
   * of a long match grows with its length instead of with its square.
   */
  readonly history?: boolean;
}

/** A roll shows every hand to `full`, the seat's own hand to a seat, none to the public. */
function eventFor(event: ProjectedEvent['event'], viewer: ReplayViewer): unknown {
  if (event.type !== 'RoundStarted' || viewer.kind === 'full') return event.data;
  const own = viewer.kind === 'seat' ? event.data.dice[viewer.seat] : undefined;
  return { ...event.data, dice: viewer.kind === 'seat' && own ? { [viewer.seat]: own } : null };
}

function stateFor(state: MatchState, viewer: ReplayViewer, history: boolean): PlayerView | MatchState | null {
  const shown = viewer.kind === 'full' ? state : playerView(state, viewer.kind === 'seat' ? viewer.seat : null);
  if (history || !shown || !('history' in shown) || shown.history.length <= 1) return shown;
  return { ...shown, history: shown.history.slice(-1) };
}

/**
 * The state after each step (`isReplayStep`: every engine event, folded with the engine's own `evolve`, and every
 * absence), for steps [from, from + count). Folding is cheap, so the window is recomputed from the stored events
 * on every request rather than stored per step.
 */
export function replayTimeline(events: readonly ProjectedEvent[], viewer: ReplayViewer, options: ReplayOptions = {}): ReplayWindow {
  const { from = 0, count = Number.MAX_SAFE_INTEGER, history = true } = options;
  const shown = events.filter((projected) => isReplayStep(projected.event));
  const steps: ReplayStep[] = [];
  let state: MatchState = initialState;
  const end = Math.min(shown.length, from + count);
  for (let step = 0; step < end; step++) {
    const projected = shown[step];
    if (!projected) break;
    if (isEngine(projected)) state = evolve(state, projected.event);
    if (step < from) continue;
    const seen = stateFor(state, viewer, history);
    if (!seen) continue;
    const { index, actor, commandId, at, event } = projected;
    steps.push({ index, step, type: event.type, at, actor, commandId, event: eventFor(event, viewer), state: seen });
  }
  return { steps, total: shown.length };
}
