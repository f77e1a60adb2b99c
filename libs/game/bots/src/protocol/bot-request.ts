import {
  type Action,
  decide,
  evolve,
  initialState,
  isRuleset,
  legalActions,
  type MatchCommand,
  type MatchState,
  type PlayerView,
  playerView,
  resolveOptions,
  RuleViolation,
  type Seat,
} from '@liars-dice/game-rules';
import { type BotKind, chooseAction, isDifficulty } from '../strategy';
import { fail, InvalidBotRequest, isObject } from './invalid-request';
import { parseView, type RequestView } from './parse-view';

/** A checked request: the seat's engine view and the engine's own legal actions for it. */
export interface BotRequest {
  readonly difficulty: BotKind;
  readonly seed: number;
  readonly view: PlayerView;
  readonly legal: readonly Action[];
}

const TOP_LEVEL = new Set(['ruleset', 'options', 'difficulty', 'seed', 'view']);

/** Validates an untrusted request (docs/protocols/bot-protocol.md) or throws `InvalidBotRequest` naming the field. */
export function parseBotRequest(input: unknown): BotRequest {
  if (!isObject(input)) fail('request: expected a JSON object');
  const unknownKey = Object.keys(input).find((key) => !TOP_LEVEL.has(key));
  if (unknownKey !== undefined) fail(`${unknownKey}: not a field of a bot request`);
  if (!isRuleset(input.ruleset)) fail('ruleset: expected "classic", "perudo" or "revolver"');
  if (input.options !== undefined && !isObject(input.options)) fail('options: expected an object');
  const options = resolveOptions(input.ruleset, input.options);
  if (options instanceof RuleViolation) fail(options.message);
  if (!isDifficulty(input.difficulty)) fail('difficulty: expected "easy", "medium", "hard" or "expert"');
  const seed = input.seed ?? 0;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) fail('seed: expected a whole number');
  const requestView = parseView(input.view, input.ruleset, options);
  const state = rebuild(input.ruleset, input.options, requestView);
  const view = playerView(state, requestView.me);
  if (!view) fail('view: no position could be rebuilt');
  return { difficulty: input.difficulty, seed, view: { ...view, history: requestView.history }, legal: legalActions(state, requestView.me) };
}

function apply(state: MatchState, command: MatchCommand, field: string): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) fail(`${field}: ${events.code}: ${events.message}`);
  return events.reduce(evolve, state);
}

/**
 * The engine state this view implies, so that the legal actions come from the engine itself: the match as
 * created, seats set to the public counts, a roll with my dice (the others get placeholders that nothing
 * reads: the strategy sees only my view), then the round's bids, each checked as the engine checks a bid.
 */
function rebuild(ruleset: string, options: unknown, view: RequestView): MatchState {
  const players = view.players.map((seat) => seat.id);
  const created = apply(initialState, { type: 'CreateMatch', data: { matchId: 'bot-request', ruleset, options, players, starter: view.round.starter } }, 'view');
  if (created.status !== 'awaiting-roll') fail('view: the match could not be created');
  const seats = seatsOf(created.seats, view);
  const { number, starter, palifico } = view.round;
  let state: MatchState = { ...created, seats, next: { number, starter, palifico } };
  const dice: Record<string, number[]> = {};
  for (const seat of view.players) if (!seat.out) dice[seat.id] = seat.id === view.me ? [...view.myDice] : new Array<number>(seat.dice).fill(1);
  state = apply(state, { type: 'RollDice', data: { dice } }, 'view.myDice');
  view.round.bids.forEach((bid, i) => {
    state = apply(state, { type: 'PlaceBid', data: { by: bid.by, quantity: bid.quantity, face: bid.face } }, `view.round.bids[${i}]`);
  });
  if (state.status !== 'bidding' || state.toAct !== view.me) {
    const toAct = state.status === 'bidding' ? state.toAct : 'nobody';
    fail(`view.round.bids: after these bids it is ${toAct}'s turn, not ${view.me}'s`);
  }
  return state;
}

/** Seats at their public counts; losses and used palifico rounds as far as the revealed rounds tell. */
function seatsOf(created: readonly Seat[], view: RequestView): Seat[] {
  const losses = new Map<string, number>();
  for (const round of view.history) for (const loser of round.end?.losers ?? []) losses.set(loser, (losses.get(loser) ?? 0) + 1);
  return created.map((seat) => {
    const given = view.players.find((p) => p.id === seat.id) ?? seat;
    const palificoUsed = view.history.some((round) => round.palifico && round.starter === seat.id);
    return { ...seat, dice: given.dice, bullets: given.bullets, out: given.out, losses: losses.get(seat.id) ?? 0, palificoUsed };
  });
}

/** The protocol's answer for an action. */
export function answerOf(action: Action): { bid: [number, number] } | { call: 'liar' | 'spot-on' } {
  return action.type === 'bid' ? { bid: [action.quantity, action.face] } : { call: action.type };
}

/** How `answerLine` chooses (the strategies by default) and hears of its own failures (a bug, never the request's). */
export interface AnswerSettings {
  readonly choose?: typeof chooseAction;
  readonly internalError?: (error: unknown) => void;
}

/**
 * One protocol line in, one line out (without the newline); never throws. A legal action; `{"invalid": …}` for a
 * request that is not JSON or not a possible position (the caller's to fix, naming the field); `{"internal": …}`
 * when answering failed on our side (a bug: the request may be fine, and asking again will not help).
 */
export function answerLine(line: string, { choose = chooseAction, internalError }: AnswerSettings = {}): string {
  try {
    const request = parseBotRequest(parsedJson(line));
    return JSON.stringify(answerOf(choose(request.difficulty, request.view, request.legal, request.seed)));
  } catch (error) {
    if (error instanceof InvalidBotRequest) return JSON.stringify({ invalid: error.message });
    internalError?.(error);
    return JSON.stringify({ internal: `the bot failed to answer (not a fault of the request): ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** The line's JSON; text that is not JSON is the request's fault (an `InvalidBotRequest`). */
function parsedJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (error) {
    return fail(`request: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}
