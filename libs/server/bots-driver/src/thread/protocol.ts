import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Difficulty } from '@liars-dice/game-match';

/**
 * One decision asked of the CPU-seat thread: the seat's own view and legal moves, nothing of the match state.
 *
 * Why strings: postMessage's structured clone walks the view object by object, and for a view late in a
 * six-seat match (its revealed rounds, ~80 legal bids) that cost as much of the API thread as the decision
 * itself (≈ 225 µs against 20–250 µs, docs/adr/0019). JSON is several times faster to write, a string crosses
 * as one copy, and the revealed rounds never change once revealed: their JSON is written once per round
 * (`HistoryJson`) and reused for every decision until the next reveal. Legal moves travel as small numbers.
 */
export interface DecisionRequest {
  readonly id: number;
  readonly difficulty: Difficulty;
  readonly seed: string;
  /** JSON of the view without `history`. */
  readonly view: string;
  /** JSON of `view.history`. */
  readonly history: string;
  /** JSON of the legal moves, each as `encodeAction` writes it. */
  readonly legal: string;
}

export type DecisionResult = { readonly id: number; readonly action: Action } | { readonly id: number; readonly error: string };

/** The API thread sends the decisions of one tick together; the thread answers them together. */
export interface ToBots {
  readonly requests: readonly DecisionRequest[];
}

export interface FromBots {
  readonly results: readonly DecisionResult[];
}

const LIAR = 0;
const SPOT_ON = 1;
/** A bid as quantity × 8 + face (faces 1–6, quantities from 1: never 0 or 1). */
export function encodeAction(action: Action): number {
  if (action.type === 'bid') return action.quantity * 8 + action.face;
  return action.type === 'liar' ? LIAR : SPOT_ON;
}

export function decodeAction(code: number): Action {
  if (code === LIAR) return { type: 'liar' };
  if (code === SPOT_ON) return { type: 'spot-on' };
  return { type: 'bid', quantity: Math.floor(code / 8), face: (code % 8) as Extract<Action, { type: 'bid' }>['face'] };
}

/**
 * The JSON of revealed rounds, kept per history array: the engine's state keeps the same array while a round is
 * bid, so every decision of that round reuses it; a weak map lets it go with the state.
 */
export class HistoryJson {
  private readonly written = new WeakMap<PlayerView['history'], string>();

  of(history: PlayerView['history']): string {
    let json = this.written.get(history);
    if (json === undefined) {
      json = JSON.stringify(history);
      this.written.set(history, json);
    }
    return json;
  }
}

/** What a decision needs, as the driver asks it. */
export interface Decision {
  readonly difficulty: Difficulty;
  readonly view: PlayerView;
  readonly legal: readonly Action[];
  readonly seed: string;
}

export function encodeDecision(id: number, { difficulty, view, legal, seed }: Decision, histories: HistoryJson): DecisionRequest {
  const { history, ...rest } = view;
  return { id, difficulty, seed, view: JSON.stringify(rest), history: histories.of(history), legal: JSON.stringify(legal.map(encodeAction)) };
}

export function decodeDecision(request: DecisionRequest): Decision {
  const view = { ...(JSON.parse(request.view) as Omit<PlayerView, 'history'>), history: JSON.parse(request.history) as PlayerView['history'] };
  return { difficulty: request.difficulty, view, legal: (JSON.parse(request.legal) as number[]).map(decodeAction), seed: request.seed };
}
