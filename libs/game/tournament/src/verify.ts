import { commitmentOf, deriveLot, type Discrepancy, isSeedHex } from '@liars-dice/game-fairness';
import { decide } from './decide';
import type { TournamentEvent } from './events';
import { evolve } from './evolve';
import { seatingDraw } from './house';
import { initialState, type TournamentState } from './state';

export interface TournamentVerification {
  readonly verified: boolean;
  readonly commitmentMatches: boolean;
  readonly lotsChecked: number;
  readonly seatingsChecked: number;
  readonly discrepancies: readonly Discrepancy[];
}

function seatingDiscrepancy(state: TournamentState, event: Extract<TournamentEvent, { type: 'SeatingDrafted' }>, seedHex: string): string | null {
  const where = `round ${event.data.round}`;
  if (state.status === 'none') return `${where}: a seating before the tournament exists`;
  const draw = seatingDraw(state, seedHex, event.data.at);
  if (!draw) return `${where}: no seating was due`;
  const decided = decide(state, draw);
  if (!Array.isArray(decided)) return `${where}: the derived draw was refused (${(decided as Error).message})`;
  const expected = decided.find((e): e is typeof event => e.type === 'SeatingDrafted');
  const recorded = event.data.tables.map((t) => t.players.join(','));
  const derived = expected?.data.tables.map((t) => t.players.join(',')) ?? [];
  const table = Math.max(recorded.length, derived.length);
  for (let i = 0; i < table; i++) {
    if (recorded[i] !== derived[i]) return `${where}, table ${i + 1}: seated ${recorded[i] ?? 'nothing'}, derived ${derived[i] ?? 'nothing'}`;
  }
  return null;
}

/**
 * Recomputes every lot and every seating of a tournament from the revealed seed, replaying its events: each
 * seating must be exactly what the seating plan makes of the derived draw, given the standings at that point.
 */
export function verifyTournament(events: readonly TournamentEvent[], seedHex: string): TournamentVerification {
  if (!isSeedHex(seedHex)) {
    return { verified: false, commitmentMatches: false, lotsChecked: 0, seatingsChecked: 0, discrepancies: [{ event: -1, what: 'the seed is not 64 lowercase hex characters' }] };
  }
  const discrepancies: Discrepancy[] = [];
  let state: TournamentState = initialState;
  let commitmentMatches = false;
  let lotsChecked = 0;
  let seatingsChecked = 0;
  events.forEach((event, index) => {
    if (event.type === 'TournamentCreated') {
      commitmentMatches = event.data.fairness.commitment === commitmentOf(seedHex);
      if (!commitmentMatches) discrepancies.push({ event: index, what: 'the seed does not match the commitment' });
    }
    if (event.type === 'PlayerRegistered' && state.status !== 'none') {
      lotsChecked++;
      const lot = deriveLot(seedHex, state.config.tournamentId, event.data.player);
      if (lot !== event.data.lot) discrepancies.push({ event: index, what: `${event.data.player}: lot ${event.data.lot}, derived ${lot}` });
    }
    if (event.type === 'SeatingDrafted') {
      seatingsChecked++;
      const what = seatingDiscrepancy(state, event, seedHex);
      if (what) discrepancies.push({ event: index, what });
    }
    state = evolve(state, event);
  });
  return { verified: commitmentMatches && discrepancies.length === 0, commitmentMatches, lotsChecked, seatingsChecked, discrepancies };
}
