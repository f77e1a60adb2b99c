import { evolve, initialState, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { commitmentOf, deriveChamber, deriveDice, isSeedHex } from './derivation';

export interface Discrepancy {
  /** Index of the event in the match's log. */
  readonly event: number;
  readonly what: string;
}

export interface Verification {
  readonly verified: boolean;
  readonly commitmentMatches: boolean;
  readonly rollsChecked: number;
  readonly shotsChecked: number;
  readonly discrepancies: readonly Discrepancy[];
}

/**
 * Recomputes every roll and trigger pull of a match from the revealed seed and compares them with the log.
 * Anyone can run it: it needs only the events and the seed.
 */
export function verifyMatch(events: readonly MatchEvent[], seedHex: string): Verification {
  const discrepancies: Discrepancy[] = [];
  if (!isSeedHex(seedHex)) {
    return { verified: false, commitmentMatches: false, rollsChecked: 0, shotsChecked: 0, discrepancies: [{ event: -1, what: 'the seed is not 64 lowercase hex characters' }] };
  }
  let state: MatchState = initialState;
  let commitmentMatches = false;
  let rollsChecked = 0;
  let shotsChecked = 0;
  events.forEach((event, index) => {
    if (event.type === 'MatchCreated') {
      commitmentMatches = event.data.fairness?.commitment === commitmentOf(seedHex);
      if (!commitmentMatches) discrepancies.push({ event: index, what: 'the seed does not match the commitment' });
    }
    if (event.type === 'RoundStarted' && state.status === 'awaiting-roll') {
      rollsChecked++;
      for (const what of rollDiscrepancies(state, event, seedHex)) discrepancies.push({ event: index, what });
    }
    if (event.type === 'TriggerPulled' && state.status !== 'none') {
      shotsChecked++;
      const expected = deriveChamber(seedHex, state.matchId, event.data.pull);
      if (expected !== event.data.chamber) {
        discrepancies.push({ event: index, what: `pull ${event.data.pull}: chamber ${event.data.chamber}, derived ${expected}` });
      }
    }
    state = evolve(state, event);
  });
  return { verified: commitmentMatches && discrepancies.length === 0, commitmentMatches, rollsChecked, shotsChecked, discrepancies };
}

function rollDiscrepancies(
  state: Extract<MatchState, { status: 'awaiting-roll' }>,
  { data }: Extract<MatchEvent, { type: 'RoundStarted' }>,
  seedHex: string,
): string[] {
  const found: string[] = [];
  state.seats.forEach((seat, index) => {
    if (seat.out) return;
    const expected = deriveDice(seedHex, { matchId: state.matchId, round: data.round, seat: index, count: seat.dice }).join(',');
    const actual = (data.dice[seat.id] ?? []).join(',');
    if (expected !== actual) found.push(`round ${data.round}, ${seat.id}: dice ${actual}, derived ${expected}`);
  });
  return found;
}
