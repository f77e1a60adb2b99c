import { evolve, initialState, type MatchEvent, type MatchState, type PlayerId, wildActive } from '@liars-dice/game-rules';
import { addCounts, type PairCounts } from './counts';
import { EMPTY_TALLY, type RoundView, type SeatTally, tallyEvent } from './seat-tally';

export interface PairEvidence {
  readonly actor: string;
  readonly bidder: string;
  readonly counts: PairCounts;
}

/** One finished ranked match reduced to what the signals count. */
export interface MatchEvidence {
  /** The distinct accounts that sat at the table (CPU seats are not scored). */
  readonly accounts: readonly string[];
  readonly pairs: readonly PairEvidence[];
}

/** A match as the signals need it: the engine's events and the account behind each scored seat. */
export interface MatchRecord {
  readonly accounts: Readonly<Record<PlayerId, string>>;
  readonly events: readonly MatchEvent[];
}

/** The round in play as the tally reads it, from the engine's state. */
export function roundViewOf(state: MatchState): RoundView | null {
  if (state.status !== 'bidding') return null;
  const dice: Record<PlayerId, number> = {};
  for (const seat of state.seats) if (!seat.out) dice[seat.id] = seat.dice;
  return { wild: wildActive(state.options, state.round), palifico: state.round.palifico, revolver: state.ruleset === 'revolver', dice };
}

/**
 * The account-level evidence of a finished match from its seat tally: seats mapped to their accounts (CPU
 * seats, absent from `accounts`, are left out; an account never pairs with itself).
 */
export function evidenceOf(tally: SeatTally, accounts: Readonly<Record<PlayerId, string>>, seats: readonly PlayerId[]): MatchEvidence {
  const byPair = new Map<string, PairEvidence>();
  for (const [key, counts] of Object.entries(tally.pairs)) {
    const [actorSeat = '', bidderSeat = ''] = key.split('\u0001');
    const actor = accounts[actorSeat];
    const bidder = accounts[bidderSeat];
    if (actor === undefined || bidder === undefined || actor === bidder) continue;
    const pairKey = `${actor}\u0001${bidder}`;
    const known = byPair.get(pairKey);
    byPair.set(pairKey, { actor, bidder, counts: known ? addCounts(known.counts, counts) : counts });
  }
  const seated = seats.map((seat) => accounts[seat]).filter((id): id is string => id !== undefined);
  return { accounts: [...new Set(seated)], pairs: [...byPair.values()] };
}

/**
 * Reduces a match to pair evidence: its events through the seat tally, with the round in play read off the
 * engine's own `evolve` before each event.
 */
export function matchEvidence(match: MatchRecord): MatchEvidence {
  let tally = EMPTY_TALLY;
  let state: MatchState = initialState;
  for (const event of match.events) {
    tally = tallyEvent(tally, event, roundViewOf(state));
    state = evolve(state, event);
  }
  return evidenceOf(tally, match.accounts, state.status === 'none' ? [] : state.seats.map((seat) => seat.id));
}
