import { type Bid, CHAMBERS, type Face, isFace, MAX_PLAYERS, type MatchOptions, MIN_PLAYERS, type PublicSeat, type Round, type RoundEnd, type Ruleset } from '@liars-dice/game-rules';
import { fail, isObject, type Json, onlyFields, wholeIn } from './invalid-request';

/** The `view` of a bot request, checked field by field (docs/protocols/bot-protocol.md). */
export interface RequestView {
  readonly me: string;
  readonly myDice: readonly Face[];
  readonly players: readonly PublicSeat[];
  readonly round: { readonly number: number; readonly starter: string; readonly palifico: boolean; readonly bids: readonly Bid[] };
  readonly history: readonly Round[];
}

// The fields of each object a request may hold; any other is refused (a typo would otherwise change the position).
const VIEW = new Set(['me', 'myDice', 'players', 'round', 'history']);
const SEAT = new Set(['id', 'dice', 'bullets', 'out']);
const ROUND = new Set(['number', 'starter', 'palifico', 'bids']);
const BID = new Set(['by', 'quantity', 'face']);
const HISTORY_ROUND = new Set(['number', 'starter', 'palifico', 'bids', 'end', 'dice']);
const END = new Set(['call', 'by', 'count', 'losers']);

export function parseView(input: unknown, ruleset: Ruleset, options: MatchOptions): RequestView {
  if (!isObject(input)) fail('view: expected an object');
  onlyFields(input, VIEW, 'view');
  const players = parsePlayers(input.players, ruleset, options);
  const me = input.me;
  const mine = players.find((seat) => seat.id === me);
  if (typeof me !== 'string' || !mine) fail('view.me: expected one of view.players');
  if (mine.out) fail(`view.me: ${me} is out of the game`);
  const myDice = parseHand(input.myDice, 'view.myDice');
  if (myDice.length !== mine.dice) fail(`view.myDice: expected ${mine.dice} dice (view.players says ${me} holds ${mine.dice})`);
  const round = parseRound(input.round, players, ruleset, options);
  const history = parseHistory(input.history, players);
  return { me, myDice, players, round, history };
}

function parsePlayers(input: unknown, ruleset: Ruleset, options: MatchOptions): PublicSeat[] {
  if (!Array.isArray(input) || input.length < MIN_PLAYERS || input.length > MAX_PLAYERS) {
    fail(`view.players: expected an array of ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  const seen = new Set<string>();
  const seats = input.map((seat: unknown, i) => parseSeat(seat, `view.players[${i}]`, seen, { ruleset, options }));
  if (seats.filter((seat) => !seat.out).length < 2) fail('view.players: at least two players must still be in the game');
  return seats;
}

interface Family {
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
}

function parseSeat(seat: unknown, field: string, seen: Set<string>, family: Family): PublicSeat {
  if (!isObject(seat)) fail(`${field}: expected an object`);
  onlyFields(seat, SEAT, field);
  const { id, out = false } = seat;
  if (typeof id !== 'string' || id.length === 0) fail(`${field}.id: expected a non-empty string`);
  if (seen.has(id)) fail(`${field}.id: ${JSON.stringify(id)} is listed twice`);
  seen.add(id);
  if (typeof out !== 'boolean') fail(`${field}.out: expected true or false`);
  return { id, out, dice: diceOf(seat.dice, out, field, family), bullets: bulletsOf(seat.bullets ?? 0, out, field, family) };
}

function diceOf(dice: unknown, out: boolean, field: string, { ruleset, options }: Family): number {
  if (out) {
    if (dice !== 0 && dice !== undefined) fail(`${field}.dice: expected 0 for a player who is out`);
    return 0;
  }
  // The revolver never changes dice; elsewhere a player still in holds 1 to the starting count.
  const most = options.startingDice;
  const least = ruleset === 'revolver' ? most : 1;
  if (!wholeIn(dice, least, most)) fail(`${field}.dice: expected ${least === most ? `${most}` : `a whole number from ${least} to ${most}`}`);
  return dice;
}

function bulletsOf(bullets: unknown, out: boolean, field: string, { ruleset }: Family): number {
  const most = ruleset !== 'revolver' ? 0 : out ? CHAMBERS : CHAMBERS - 1;
  if (!wholeIn(bullets, 0, most)) fail(`${field}.bullets: expected a whole number from 0 to ${most}`);
  return bullets;
}

function parseHand(input: unknown, field: string): Face[] {
  if (!Array.isArray(input)) fail(`${field}: expected an array of dice`);
  input.forEach((die: unknown, i) => {
    if (!isFace(die)) fail(`${field}[${i}]: a die is a whole number from 1 to 6`);
  });
  return input as Face[];
}

function parseBids(input: unknown, field: string, players: readonly PublicSeat[]): Bid[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) fail(`${field}: expected an array of bids`);
  return input.map((bid: unknown, i): Bid => {
    const at = `${field}[${i}]`;
    if (!isObject(bid)) fail(`${at}: expected {"by", "quantity", "face"}`);
    onlyFields(bid, BID, at);
    if (typeof bid.by !== 'string' || !players.some((seat) => seat.id === bid.by)) fail(`${at}.by: expected one of view.players`);
    if (!wholeIn(bid.quantity, 1, 30)) fail(`${at}.quantity: expected a whole number from 1 to 30`);
    if (!isFace(bid.face)) fail(`${at}.face: expected a whole number from 1 to 6`);
    return { by: bid.by, quantity: bid.quantity, face: bid.face };
  });
}

function parseRound(input: unknown, players: readonly PublicSeat[], ruleset: Ruleset, options: MatchOptions): RequestView['round'] {
  if (!isObject(input)) fail('view.round: expected an object');
  onlyFields(input, ROUND, 'view.round');
  const { number, starter, palifico = false } = input;
  if (!wholeIn(number, 1, Number.MAX_SAFE_INTEGER)) fail('view.round.number: expected a whole number from 1');
  const opener = players.find((seat) => seat.id === starter && !seat.out);
  if (!opener) fail('view.round.starter: expected a player still in the game');
  if (typeof palifico !== 'boolean') fail('view.round.palifico: expected true or false');
  if (palifico) checkPalifico(opener, ruleset, options);
  return { number, starter: opener.id, palifico, bids: parseBids(input.bids, 'view.round.bids', players) };
}

function checkPalifico(opener: PublicSeat, ruleset: Ruleset, options: MatchOptions): void {
  if (!(ruleset === 'perudo' && options.palifico)) fail('view.round.palifico: only perudo with the palifico option has palifico rounds');
  if (opener.dice !== 1) fail('view.round.palifico: the starter of a palifico round holds exactly one die');
}

const CALLS = new Set(['liar', 'spot-on', 'timeout', 'forfeit']);

function parseEnd(input: unknown, field: string, bids: readonly Bid[], players: readonly PublicSeat[]): RoundEnd | null {
  if (input === undefined || input === null) return null;
  if (!isObject(input)) fail(`${field}: expected an object or null`);
  onlyFields(input, END, field);
  const { call, by, count = null, losers = [] } = input as Json;
  if (!isCall(call)) fail(`${field}.call: expected "liar", "spot-on", "timeout" or "forfeit"`);
  if (!isPlayer(by, players)) fail(`${field}.by: expected one of view.players`);
  if (count !== null && !wholeIn(count, 0, 30)) fail(`${field}.count: expected a whole number or null`);
  if (!isPlayerList(losers, players)) fail(`${field}.losers: expected an array of view.players`);
  return { call, by, bid: bids.at(-1) ?? null, count, holds: null, losers, diceLost: {}, diceGained: {}, shots: [], eliminated: [] };
}

function isCall(value: unknown): value is RoundEnd['call'] {
  return typeof value === 'string' && CALLS.has(value);
}

function isPlayer(value: unknown, players: readonly PublicSeat[]): value is string {
  return typeof value === 'string' && players.some((seat) => seat.id === value);
}

function isPlayerList(value: unknown, players: readonly PublicSeat[]): value is string[] {
  return Array.isArray(value) && value.every((p) => isPlayer(p, players));
}

/** A revealed round's hands by player, each a player at the table. */
function parseHands(input: unknown, field: string, players: readonly PublicSeat[]): Record<string, Face[]> {
  if (!isObject(input)) fail(`${field}: expected an object of hands by player`);
  const hands: Record<string, Face[]> = {};
  for (const [player, hand] of Object.entries(input)) {
    if (!isPlayer(player, players)) fail(`${field}.${player}: not one of view.players`);
    hands[player] = parseHand(hand, `${field}.${player}`);
  }
  return hands;
}

function parseHistory(input: unknown, players: readonly PublicSeat[]): Round[] {
  if (input === undefined) return [];
  if (!Array.isArray(input)) fail('view.history: expected an array of rounds');
  return input.map((round: unknown, i): Round => {
    const field = `view.history[${i}]`;
    if (!isObject(round)) fail(`${field}: expected an object`);
    onlyFields(round, HISTORY_ROUND, field);
    const { number = i + 1, starter = '', palifico = false, dice = {} } = round;
    if (!wholeIn(number, 1, Number.MAX_SAFE_INTEGER)) fail(`${field}.number: expected a whole number from 1`);
    if (starter !== '' && !isPlayer(starter, players)) fail(`${field}.starter: expected one of view.players`);
    if (typeof palifico !== 'boolean') fail(`${field}.palifico: expected true or false`);
    const hands = parseHands(dice, `${field}.dice`, players);
    const bids = parseBids(round.bids, `${field}.bids`, players);
    return { number, starter, palifico, dice: hands, bids, end: parseEnd(round.end, `${field}.end`, bids, players) };
  });
}
