import { faceBarred, minimumRaise } from './bidding';
import { type MatchState, diceInPlay, seatOf, wildActive } from './state';
import { FACES, type PlayerId } from './vocabulary';

/** A move of the player to act, in the words of the bot protocol. */
export type Action =
  | { readonly type: 'bid'; readonly quantity: number; readonly face: (typeof FACES)[number] }
  | { readonly type: 'liar' }
  | { readonly type: 'spot-on' };

/** Every move `player` may make now; empty when it is not their turn (rules.md §2, §3, §5). */
export function legalActions(state: MatchState, player: PlayerId): readonly Action[] {
  if (state.status !== 'bidding' || state.toAct !== player) return [];
  const actions: Action[] = [];
  const previous = state.round.bids.at(-1) ?? null;
  if (previous) {
    actions.push({ type: 'liar' });
    if (state.options.spotOn && !state.round.palifico) actions.push({ type: 'spot-on' });
  }
  const total = diceInPlay(state);
  const wild = wildActive(state.options, state.round);
  const bidderDice = seatOf(state, player)?.dice ?? 0;
  for (const face of FACES) {
    if (faceBarred(state, bidderDice, face)) continue;
    for (let quantity = minimumRaise(previous, face, wild); quantity <= total; quantity++) {
      actions.push({ type: 'bid', quantity, face });
    }
  }
  return actions;
}
