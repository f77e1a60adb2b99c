import { drawSeatingOrder } from '@liars-dice/game-fairness';
import type { DraftSeating } from './commands';
import { seatingDue } from './progress';
import type { Tournament } from './state';

/** The house's draw for the round waiting to be seated, or null when none is due. */
export function seatingDraw(state: Tournament, seedHex: string, at: number): DraftSeating | null {
  const due = seatingDue(state);
  if (!due) return null;
  const order = drawSeatingOrder(seedHex, state.config.tournamentId, due.round, due.players);
  return { type: 'DraftSeating', data: { round: due.round, order, at } };
}
