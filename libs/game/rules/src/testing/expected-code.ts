import type { RuleViolationCode } from '../rule-violation';
import type { MatchState } from '../state';

type Bidding = Extract<MatchState, { status: 'bidding' }>;
type Quantity = { readonly quantity: number; readonly face: number };

/** rules.md §3, written again for the tests from the rule book (not from the engine's helpers). */
function raises(previous: Quantity, next: Quantity, wild: boolean): boolean {
  if (!wild || (previous.face !== 1 && next.face !== 1)) return next.quantity > previous.quantity || (next.quantity === previous.quantity && next.face > previous.face);
  if (next.face === 1 && previous.face !== 1) return next.quantity >= Math.ceil(previous.quantity / 2);
  if (next.face === 1) return next.quantity > previous.quantity;
  return next.quantity >= 2 * previous.quantity + 1;
}

const wholeIn = (value: number, low: number, high: number): boolean => Number.isInteger(value) && value >= low && value <= high;

/** The face rules of §3 and §5: no 1s where wild 1s forbid them, no face change in a palifico round. */
function faceRule(state: Bidding, face: number, previous: Quantity | null): RuleViolationCode | null {
  const wild = state.options.wildOnes && !state.round.palifico;
  if (face === 1 && wild && (state.ruleset === 'revolver' || previous === null)) return 'ONES_NOT_ALLOWED';
  const bidderDice = state.seats.find((seat) => seat.id === state.toAct)?.dice ?? 0;
  if (state.round.palifico && previous !== null && face !== previous.face && bidderDice !== 1) return 'FACE_LOCKED';
  return null;
}

/**
 * The code a bid by the player to act must get, in the order of the scenario-format error table, or null when
 * it is legal: INVALID_BID, ONES_NOT_ALLOWED, FACE_LOCKED, BID_TOO_LOW.
 */
export function expectedBidCode(state: Bidding, quantity: number, face: number): RuleViolationCode | null {
  const total = state.seats.reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
  if (!wholeIn(quantity, 1, total) || !wholeIn(face, 1, 6)) return 'INVALID_BID';
  const previous = state.round.bids.at(-1) ?? null;
  const barred = faceRule(state, face, previous);
  if (barred) return barred;
  const wild = state.options.wildOnes && !state.round.palifico;
  return previous !== null && !raises(previous, { quantity, face }, wild) ? 'BID_TOO_LOW' : null;
}
