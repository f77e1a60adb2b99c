import { faceBarred, minimumRaise } from './bidding';
import { type Bidding, type MatchState, diceInPlay, seatOf, wildActive } from './state';
import { type Face, FACES, type PlayerId } from './vocabulary';

/** A move of the player to act, in the words of the bot protocol. */
export type Action =
  | { readonly type: 'bid'; readonly quantity: number; readonly face: (typeof FACES)[number] }
  | { readonly type: 'liar' }
  | { readonly type: 'spot-on' };

const LIAR: Action = Object.freeze({ type: 'liar' });
const SPOT_ON: Action = Object.freeze({ type: 'spot-on' });
/**
 * Every bid action made so far, by quantity and face, shared by all lists (frozen, like the engine's records):
 * the API builds a list for every CPU decision and for the view of the seat to act (ADR 0028).
 */
const BIDS: Action[] = [];

function bidAction(quantity: number, face: Face): Action {
  const at = quantity * FACES.length + face - 1;
  return (BIDS[at] ??= Object.freeze({ type: 'bid', quantity, face }));
}

/** The lowest quantity of `face` the bidder may bid now; Infinity when the face is barred to them. */
function lowestBid(state: Bidding, bidderDice: number, face: Face, wild: boolean): number {
  return faceBarred(state, bidderDice, face) ? Infinity : minimumRaise(state.round.bids.at(-1) ?? null, face, wild);
}

/** 0 before the round's first bid; then liar, and spot-on where the table allows it (not in palifico). */
function callsOpen(state: Bidding): number {
  if (state.round.bids.length === 0) return 0;
  return state.options.spotOn && !state.round.palifico ? 2 : 1;
}

/**
 * Every move `player` may make now; empty when it is not their turn (rules.md §2, §3, §5). The actions are
 * frozen and shared between calls; the list is counted first and made at its length (no growing copies).
 */
export function legalActions(state: MatchState, player: PlayerId): readonly Action[] {
  if (state.status !== 'bidding' || state.toAct !== player) return [];
  const calls = callsOpen(state);
  const total = diceInPlay(state);
  const wild = wildActive(state.options, state.round);
  const bidderDice = seatOf(state, player)?.dice ?? 0;
  let count = calls;
  for (const face of FACES) count += Math.max(0, total - lowestBid(state, bidderDice, face, wild) + 1);
  const actions = new Array<Action>(count);
  let at = 0;
  if (calls > 0) actions[at++] = LIAR;
  if (calls > 1) actions[at++] = SPOT_ON;
  for (const face of FACES) {
    for (let quantity = lowestBid(state, bidderDice, face, wild); quantity <= total; quantity++) actions[at++] = bidAction(quantity, face);
  }
  return actions;
}
