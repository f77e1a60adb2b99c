import type { Action, PlayerView } from '@liars-dice/game-rules';
import { deepFreeze } from '@liars-dice/game-bots';
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
  /**
   * Names `history` for the thread's cache of parsed histories (`ParsedHistories`): the API thread gives each
   * history array it writes a new number, so every decision of one round sends the same key with the same JSON.
   */
  readonly historyKey: number;
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

/** A history's JSON and the number that names it (`DecisionRequest.historyKey`). */
export interface WrittenHistory {
  readonly json: string;
  readonly key: number;
}

/**
 * The JSON of revealed rounds, kept per history array: the engine's state keeps the same array while a round is
 * bid, so every decision of that round reuses it; a weak map lets it go with the state.
 */
export class HistoryJson {
  private readonly written = new WeakMap<PlayerView['history'], WrittenHistory>();
  private nextKey = 1;

  of(history: PlayerView['history']): WrittenHistory {
    let entry = this.written.get(history);
    if (entry === undefined) {
      entry = { json: JSON.stringify(history), key: this.nextKey++ };
      this.written.set(history, entry);
    }
    return entry;
  }
}

/** How many parsed histories the thread keeps: about one per table with a CPU seat, the round being bid. */
const PARSED_HISTORIES = 1_024;

interface Parsed {
  readonly json: string;
  readonly history: PlayerView['history'];
}

/**
 * The CPU-seat thread's parsed histories, by key (docs/adr/0033): every decision of a round gets the same
 * (deeply frozen: a level that wrote into its view would throw) array instead of parsing the same JSON again, which was most of what decoding cost. A hit is
 * taken only when the JSON is the very text that was parsed, so a key reused by another API thread or a
 * restarted thread (an empty cache) can cost a parse, never a wrong view. Bounded, least recently used first.
 */
export class ParsedHistories {
  private readonly parsed = new Map<number, Parsed>();

  constructor(private readonly limit = PARSED_HISTORIES) {}

  of(key: number, json: string): PlayerView['history'] {
    const hit = this.parsed.get(key);
    this.parsed.delete(key);
    const entry = hit !== undefined && hit.json === json ? hit : { json, history: deepFreeze(JSON.parse(json) as PlayerView['history']) };
    this.parsed.set(key, entry);
    if (this.parsed.size > this.limit) this.parsed.delete(this.parsed.keys().next().value as number);
    return entry.history;
  }

  get size(): number {
    return this.parsed.size;
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
  const written = histories.of(history);
  return { id, difficulty, seed, view: JSON.stringify(rest), history: written.json, historyKey: written.key, legal: JSON.stringify(legal.map(encodeAction)) };
}

/** The decision a request asks; `parsed` (the thread's) reuses the history parsed for an earlier decision of the round. */
export function decodeDecision(request: DecisionRequest, parsed?: ParsedHistories): Decision {
  const history = parsed ? parsed.of(request.historyKey, request.history) : (JSON.parse(request.history) as PlayerView['history']);
  const view = { ...(JSON.parse(request.view) as Omit<PlayerView, 'history'>), history };
  return { difficulty: request.difficulty, view, legal: (JSON.parse(request.legal) as number[]).map(decodeAction), seed: request.seed };
}
