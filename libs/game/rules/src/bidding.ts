import { RuleViolation } from './rule-violation';
import { type Bidding, diceInPlay, wildActive } from './state';
import { type Bid, type Face, isFace, type PlayerId } from './vocabulary';

type Quantity = Pick<Bid, 'quantity' | 'face'>;

/**
 * The smallest quantity of `face` that is a legal raise over `previous` (rules.md §3), ignoring the palifico
 * face lock and the ban on 1s; `previous` null means an opening bid.
 */
export function minimumRaise(previous: Quantity | null, face: Face, wild: boolean): number {
  if (!previous) return 1;
  const { quantity, face: from } = previous;
  if (!wild || (from !== 1 && face !== 1)) return face > from ? quantity : quantity + 1;
  if (from !== 1) return Math.ceil(quantity / 2);
  return face === 1 ? quantity + 1 : 2 * quantity + 1;
}

export function isLegalRaise(previous: Quantity, next: Quantity, wild: boolean): boolean {
  return next.quantity >= minimumRaise(previous, next.face, wild);
}

/**
 * Why bids on `face` are barred outright for this bidder right now (a code, cheap enough for legalActions to
 * ask for every face), or null when some quantity may do.
 */
export function faceBarred(state: Bidding, bidderDice: number, face: Face): 'ONES_NOT_ALLOWED' | 'FACE_LOCKED' | null {
  const previous = state.round.bids.at(-1);
  if (face === 1 && wildActive(state.options, state.round) && (state.ruleset === 'revolver' || !previous)) return 'ONES_NOT_ALLOWED';
  if (state.round.palifico && previous && face !== previous.face && bidderDice !== 1) return 'FACE_LOCKED';
  return null;
}

function barredViolation(state: Bidding, code: 'ONES_NOT_ALLOWED' | 'FACE_LOCKED'): RuleViolation {
  if (code === 'FACE_LOCKED') return new RuleViolation(code, `palifico round: the face is locked to ${state.round.bids.at(-1)?.face}`);
  const why = state.ruleset === 'revolver' ? 'no bids on 1s while 1s are wild' : 'the opening bid cannot be on 1s while 1s are wild';
  return new RuleViolation(code, why);
}

/** Checks a bid by the player to act, in the order of the scenario-format error table. */
export function checkBid(state: Bidding, by: PlayerId, quantity: number, face: number): RuleViolation | null {
  const total = diceInPlay(state);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > total) {
    return new RuleViolation('INVALID_BID', `quantity must be a whole number from 1 to ${total} (the dice in play)`);
  }
  if (!isFace(face)) return new RuleViolation('INVALID_BID', 'face must be a whole number from 1 to 6');
  const bidder = state.seats.find((seat) => seat.id === by);
  const barred = faceBarred(state, bidder?.dice ?? 0, face);
  if (barred) return barredViolation(state, barred);
  const previous = state.round.bids.at(-1);
  if (previous && !isLegalRaise(previous, { quantity, face }, wildActive(state.options, state.round))) {
    return new RuleViolation('BID_TOO_LOW', `${quantity} × ${face} is not a legal raise over ${previous.quantity} × ${previous.face}`);
  }
  return null;
}

/** How many dice show the bid's face, counting 1s when wild is active and the face is not 1 (rules.md §3). */
export function countFace(dice: Readonly<Record<PlayerId, readonly Face[]>>, face: Face, wild: boolean): number {
  let count = 0;
  for (const hand of Object.values(dice)) {
    for (const die of hand) if (die === face || (wild && face !== 1 && die === 1)) count++;
  }
  return count;
}
