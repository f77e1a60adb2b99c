import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Rng } from '../rng';
import { gameName, headsUpPosition } from './heads-up';
import { LIAR, SPOT_ON } from './round-game';
import { SOLVED_ROUNDS_BASE64 } from './solved-rounds.data';
import { SolvedTable } from './solved-table';

let table: SolvedTable | null = null;

/** The committed solved strategies, decoded on first use (a few milliseconds) and kept. */
export function solvedTable(): SolvedTable {
  table ??= SolvedTable.fromBase64(SOLVED_ROUNDS_BASE64);
  return table;
}

function gameAction(action: Action, claimIndex: (quantity: number, face: number) => number): number {
  if (action.type === 'liar') return LIAR;
  if (action.type === 'spot-on') return SPOT_ON;
  return claimIndex(action.quantity, action.face);
}

/**
 * The solved strategy's chance of each legal action (in legal order) for this view, or null when the round
 * is not one the table solves (not heads-up, a split above the bound, the revolver) or the position is one
 * the strategy never leads to.
 */
export function solvedPolicy(view: PlayerView, legal: readonly Action[]): number[] | null {
  const position = headsUpPosition(view);
  if (!position) return null;
  const solved = solvedTable().games.get(gameName(position.game.spec));
  const node = solved ? solved.nodeOf(position.seat, position.claims) : -1;
  if (!solved || node < 0) return null;
  const { game, seat, claims } = position;
  const actions = game.actionsAfter(seat, claims.length > 0 ? (claims[claims.length - 1] as number) : -1);
  const chances = new Float64Array(actions.length);
  if (!solved.chances(node, position.hand, chances)) return null;
  // Index lookups by maps, not scans: a legal move per claim made this quadratic in the ladder's length.
  const at = new Map(actions.map((action, i) => [action, i] as const).reverse());
  const claimIndex = (quantity: number, face: number) => game.claimIndex(quantity, face);
  const policy = legal.map((action) => chances[at.get(gameAction(action, claimIndex)) ?? -1] ?? 0);
  const total = policy.reduce((a, b) => a + b, 0);
  // The engine's legal actions are the game's own: the chances must account for all of it.
  return Math.abs(total - 1) < 1e-9 ? policy : null;
}

/** Samples the solved strategy with the seeded source, or null when the round is not solved (see above). */
export function solvedChoice(view: PlayerView, legal: readonly Action[], rng: Rng): Action | null {
  const policy = solvedPolicy(view, legal);
  if (!policy) return null;
  let u = rng.next();
  for (let i = 0; i < policy.length; i++) {
    u -= policy[i] as number;
    if (u < 0) return legal[i] as Action;
  }
  // Rounding can leave u a hair above zero: the last action with any chance.
  for (let i = policy.length - 1; i >= 0; i--) if ((policy[i] as number) > 0) return legal[i] as Action;
  return null;
}
