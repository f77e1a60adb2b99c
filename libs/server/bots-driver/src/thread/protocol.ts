import type { Action, PlayerView } from '@liars-dice/game-rules';
import { deepFreeze } from '@liars-dice/game-bots';
import { LRUCache } from 'lru-cache';
import type { Difficulty } from '@liars-dice/game-match';
import { decodeView, encodeView, type ViewCell } from './view-cells';

/**
 * One decision asked of the CPU-seat thread: the seat's own view and legal moves, nothing of the match state.
 *
 * No nested objects: postMessage's structured clone walks them key by key, and for a view late in a six-seat
 * match that costs the API thread as much as the decision itself (ADR 0019). The revealed rounds never change
 * once revealed: their JSON is written once per round (`HistoryJson`), reused for every decision until the next
 * reveal and parsed once per round by the thread (`ParsedHistories`). The rest of the view changes with every
 * bid: it travels as a flat array of primitives (view-cells.ts), and the legal moves as small numbers.
 */
export interface DecisionRequest {
  readonly id: number;
  readonly difficulty: Difficulty;
  readonly seed: string;
  /** The view without `history`, as `encodeView` writes it. */
  readonly view: readonly ViewCell[];
  /** JSON of `view.history`. */
  readonly history: string;
  /**
   * Names `history` for the thread's cache of parsed histories (`ParsedHistories`): the API thread gives each
   * history array it writes a new number, so every decision of one round sends the same key with the same JSON.
   */
  readonly historyKey: number;
  /**
   * The key of the history this one extends by its last round, when the API thread wrote it from that one:
   * the thread, holding that one parsed, parses only the new round.
   */
  readonly historyBase?: number | undefined;
  /** The legal moves, each as `encodeAction` writes it. */
  readonly legal: readonly number[];
}

/** A decision that threw: the driver logs it and retries. */
export interface DecisionFailure {
  readonly id: number;
  readonly error: string;
}

/**
 * The CPU-seat thread's protocol (@liars-dice/platform-threads' channel): one request, a decision, whose reply is
 * the move as `encodeAction` writes it (a number: a batch of answers clones as a run of primitives). The API
 * thread posts the decisions of one event-loop turn together, the thread answers those it has together: a
 * message costs both threads far more than the few bytes it carries.
 */
export interface BotsProtocol {
  requests: { decide: { arg: DecisionRequest; reply: number } };
  toThread: Record<never, never>;
  fromThread: Record<never, never>;
}

/** A batch of decisions and their answers, as the thread's `answer` gives them (the tools compare checkouts on it). */
export interface ToBots {
  readonly requests: readonly DecisionRequest[];
}

/** `moves` holds pairs (request id, `encodeAction` of the move); a decision that threw is in `failures`. */
export interface FromBots {
  readonly moves: readonly number[];
  readonly failures: readonly DecisionFailure[];
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

/** A history's JSON, the number that names it (`DecisionRequest.historyKey`) and the one it extends, if known. */
export interface WrittenHistory {
  readonly json: string;
  readonly key: number;
  readonly base?: number | undefined;
}

type History = PlayerView['history'];

/**
 * The JSON of revealed rounds, kept per history array: the engine's state keeps the same array while a round is
 * bid, so every decision of that round reuses it; a weak map lets it go with the state. A reveal appends one
 * round to a new array holding the same round objects: its JSON is the previous one's with that round added
 * (JSON.stringify writes an array's elements one by one, so the text is the same), instead of the whole history
 * written again.
 */
export class HistoryJson {
  private readonly written = new WeakMap<History, WrittenHistory>();
  /** The last history written that ends with a round, by that round. */
  private readonly endingWith = new WeakMap<History[number], { readonly history: History; readonly written: WrittenHistory }>();
  private nextKey = 1;

  of(history: History): WrittenHistory {
    let entry = this.written.get(history);
    if (entry === undefined) {
      entry = this.extended(history) ?? { json: JSON.stringify(history), key: this.nextKey++ };
      this.written.set(history, entry);
      const last = history[history.length - 1];
      if (last !== undefined) this.endingWith.set(last, { history, written: entry });
    }
    return entry;
  }

  private extended(history: History): WrittenHistory | undefined {
    const previous = history[history.length - 2];
    const base = previous === undefined ? undefined : this.endingWith.get(previous);
    if (base === undefined || base.history.length !== history.length - 1 || !base.history.every((round, i) => round === history[i])) return undefined;
    const json = `${base.written.json.slice(0, -1)},${JSON.stringify(history[history.length - 1])}]`;
    // A match's history only grows: the shorter one is never extended again. Kept, every earlier round would hold
    // its own prefix and that prefix's JSON for as long as the match (or a cached finished match) lives.
    this.endingWith.delete(previous as History[number]);
    return { json, key: this.nextKey++, base: base.written.key };
  }
}

/**
 * How many parsed histories the thread keeps: one per table with a CPU seat, the round being bid (an extended
 * history's base is let go), with room for 1,000 live tables and more: a live history evicted is parsed whole at
 * its next round.
 */
const PARSED_HISTORIES = 2_048;

interface Parsed {
  readonly json: string;
  readonly history: History;
}

/**
 * The CPU-seat thread's parsed histories, by key (docs/adr/0033): every decision of a round gets the same
 * (deeply frozen: a level that wrote into its view would throw) array instead of parsing the same JSON again. A
 * hit is taken only when the JSON is the very text that was parsed, so a key reused by another API thread or a
 * restarted thread (an empty cache) can cost a parse, never a wrong view. Bounded, least recently used first.
 */
export class ParsedHistories {
  private readonly parsed: LRUCache<number, Parsed>;

  constructor(limit = PARSED_HISTORIES) {
    this.parsed = new LRUCache({ max: limit });
  }

  of(key: number, json: string, base?: number): History {
    const hit = this.parsed.get(key);
    if (hit !== undefined && hit.json === json) return hit.history;
    // Another text under this key (a reused key) is never the base its replacement is parsed from.
    this.parsed.delete(key);
    const entry = { json, history: deepFreeze(this.parse(json, base)) };
    // A history only grows: once extended, its base is not asked again (a late decision that did would be parsed).
    if (base !== undefined && base !== key) this.parsed.delete(base);
    this.parsed.set(key, entry);
    return entry.history;
  }

  get size(): number {
    return this.parsed.size;
  }

  /**
   * A history that extends one still held (its text is that one's with rounds added: checked, not assumed)
   * shares that one's parsed rounds and parses only the new ones; any other is parsed whole.
   */
  private parse(json: string, base: number | undefined): History {
    const earlier = base === undefined ? undefined : this.parsed.peek(base);
    if (earlier === undefined || earlier.json.length < 3 || json.length <= earlier.json.length) return JSON.parse(json) as History;
    const shared = earlier.json.length - 1;
    if (json.charCodeAt(shared) !== 44 || !json.startsWith(earlier.json.slice(0, shared))) return JSON.parse(json) as History;
    return [...earlier.history, ...(JSON.parse(`[${json.slice(shared + 1)}`) as History)];
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
  const { json, key, base } = histories.of(view.history);
  return { id, difficulty, seed, view: encodeView(view, []), history: json, historyKey: key, historyBase: base, legal: legal.map(encodeAction) };
}

/** The decision a request asks; `parsed` (the thread's) reuses the history parsed for an earlier decision of the round. */
export function decodeDecision(request: DecisionRequest, parsed?: ParsedHistories): Decision {
  const history = parsed ? parsed.of(request.historyKey, request.history, request.historyBase) : (JSON.parse(request.history) as History);
  // The history joins the decoded object (last, where a spread put it) instead of the object being copied.
  const view = decodeView(request.view) as Omit<PlayerView, 'history'> & { history?: History };
  view.history = history;
  return { difficulty: request.difficulty, view: view as PlayerView, legal: request.legal.map(decodeAction), seed: request.seed };
}
