import { type Action, type MatchOptions, PRESETS, type PlayerView, type Ruleset } from '@liars-dice/game-rules';
import { LIAR, type RoundGame, type Seat, SPOT_ON } from './round-game';

/** A family, its options and the palifico flag under which a match plays these round rules heads-up. */
export interface RoundFamily {
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly palifico: boolean;
}

/** The family a solved round belongs to (the inverse of `roundRulesOf`). */
export function familyOf(game: RoundGame): RoundFamily {
  const { ones, spotOn, faceLock } = game.spec.rules;
  if (ones === 'barred') return { ruleset: 'revolver', options: { ...PRESETS.revolver, spotOn }, palifico: false };
  if (faceLock) return { ruleset: 'perudo', options: PRESETS.perudo, palifico: true };
  const wildOnes = ones === 'wild';
  if (spotOn) return { ruleset: 'perudo', options: { ...PRESETS.perudo, wildOnes }, palifico: false };
  return { ruleset: 'classic', options: { ...PRESETS.classic, wildOnes }, palifico: false };
}

const SEATS = ['s0', 's1'] as const;

/** The view a seat holding `hand` has after the bids `claims` (seat 0 opened), as the bots would get it. */
export function viewAt(game: RoundGame, family: RoundFamily, claims: readonly number[], hand: number): PlayerView {
  const seat = (claims.length % 2) as Seat;
  return {
    matchId: 'solver',
    ruleset: family.ruleset,
    options: family.options,
    status: 'bidding',
    me: SEATS[seat],
    myDice: game.hands[seat][hand]?.dice ?? [],
    players: SEATS.map((id, s) => ({ id, dice: game.spec.dice[s] as number, bullets: 0, out: false })),
    round: {
      number: 1,
      starter: SEATS[0],
      palifico: family.palifico,
      bids: claims.map((c, i) => ({ by: SEATS[i % 2] as string, ...game.claims[c]! })),
    },
    history: [],
    toAct: SEATS[seat],
    turnDeadline: null,
    winner: null,
    placements: null,
  };
}

export function actionOf(game: RoundGame, action: number): Action {
  if (action === LIAR) return { type: 'liar' };
  if (action === SPOT_ON) return { type: 'spot-on' };
  const claim = game.claims[action];
  if (!claim) throw new Error(`no claim ${action} in this round`);
  return { type: 'bid', quantity: claim.quantity, face: claim.face };
}

/**
 * The engine's legal actions for the seat to act after `claims` (calls, then bids face by face, quantity
 * up), and for each the index of the same action in the game's own order.
 */
export function legalAt(game: RoundGame, claims: readonly number[]): { legal: Action[]; gameIndex: number[] } {
  const seat = (claims.length % 2) as Seat;
  const actions = game.actionsAfter(seat, claims.length > 0 ? (claims[claims.length - 1] as number) : -1);
  const order = actions
    .map((action, index) => ({ action, index }))
    .sort((a, b) => rank(game, a.action) - rank(game, b.action));
  return { legal: order.map(({ action }) => actionOf(game, action)), gameIndex: order.map(({ index }) => index) };
}

function rank(game: RoundGame, action: number): number {
  if (action < 0) return action === LIAR ? -2 : -1;
  const claim = game.claims[action]!;
  return claim.face * 100 + claim.quantity;
}
