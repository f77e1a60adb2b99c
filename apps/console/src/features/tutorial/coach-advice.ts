import { chanceHolds } from '@/features/game/odds';
import type { MatchView } from '@/features/play/use-live-match';

/** What the coach says now, as a message key of `tutorial` and its values. */
export type Advice =
  | { key: 'adviceStart' | 'adviceWait' | 'adviceWon' | 'adviceLost' }
  | { key: 'adviceOpen'; face: number; quantity: number; chance: number; dice: string }
  | { key: 'adviceRaise' | 'adviceCall'; face: number; quantity: number; chance: number; dice: string };

/** The face you hold most of (1s count for it when wild), and how many back it. */
function bestFace(dice: readonly number[], wild: boolean): { face: number; backing: number } {
  let best = { face: 2, backing: -1 };
  for (let face = 2; face <= 6; face++) {
    const backing = dice.filter((d) => d === face || (wild && d === 1)).length;
    if (backing > best.backing) best = { face, backing };
  }
  return best;
}

/**
 * The easy CPU's opponent gets one plain piece of advice per decision, computed from what the seat may see
 * (its own dice and the public table) with the rules library's probabilities.
 */
export function adviceFor(view: MatchView): Advice {
  const status = view.status.toLowerCase();
  if (status === 'lobby') return { key: 'adviceStart' };
  if (status === 'finished') return { key: view.winner === view.me ? 'adviceWon' : 'adviceLost' };
  if (view.toAct !== view.me || view.legalActions.length === 0) return { key: 'adviceWait' };
  const total = view.seats.reduce((sum, s) => sum + (s.out ? 0 : s.dice), 0);
  const wild = view.options.wildOnes && !(view.round?.palifico ?? false);
  const dice = view.myDice.join(', ');
  const last = view.round?.bids.at(-1);
  if (!last) {
    const { face, backing } = bestFace(view.myDice, wild);
    const quantity = Math.max(1, backing);
    return {
      key: 'adviceOpen',
      face,
      quantity,
      chance: chanceHolds({ quantity, face }, view.myDice, total, wild),
      dice,
    };
  }
  const chance = chanceHolds(last, view.myDice, total, wild);
  return {
    key: chance < 0.5 ? 'adviceCall' : 'adviceRaise',
    face: last.face,
    quantity: last.quantity,
    chance,
    dice,
  };
}
