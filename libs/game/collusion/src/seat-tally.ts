import type { Bid, MatchEvent, PlayerId } from '@liars-dice/game-rules';
import { NO_COUNTS, type PairCounts } from './counts';
import { bidWeight, type RaiseContext, softestRaiseWeight } from './soft-raise';

/**
 * The round in play as the tally needs it — read off the engine's state by the simulation, or off the read
 * side's match facts by the server's projection: the same numbers either way.
 */
export interface RoundView {
  readonly wild: boolean;
  readonly palifico: boolean;
  readonly revolver: boolean;
  /** Dice held by each seat still in. */
  readonly dice: Readonly<Record<PlayerId, number>>;
}

/** A live match's counts by seat, with the bid that stands: what a projection keeps between events. */
export interface SeatTally {
  readonly last: Bid | null;
  /** Keyed `actorSeat \u0001 bidderSeat`. */
  readonly pairs: Readonly<Record<string, PairCounts>>;
}

export const EMPTY_TALLY: SeatTally = { last: null, pairs: {} };

export function seatPairKey(actor: PlayerId, bidder: PlayerId): string {
  return `${actor}\u0001${bidder}`;
}

function bump(pairs: Readonly<Record<string, PairCounts>>, actor: PlayerId, bidder: PlayerId, add: Partial<PairCounts>): Record<string, PairCounts> {
  const key = seatPairKey(actor, bidder);
  const now = pairs[key] ?? NO_COUNTS;
  const next = { ...now };
  for (const [field, n] of Object.entries(add) as [keyof PairCounts, number][]) next[field] = now[field] + n;
  return { ...pairs, [key]: next };
}

export function raiseContext(round: RoundView, previous: Bid, bidder: PlayerId): RaiseContext {
  let total = 0;
  for (const n of Object.values(round.dice)) total += n;
  const wild = round.wild;
  const lockedFace = round.palifico && round.dice[bidder] !== 1 ? previous.face : null;
  return { previous, wild, onesBarred: round.revolver, lockedFace, total };
}

function raised(tally: SeatTally, round: RoundView, previous: Bid, bid: Bid): SeatTally {
  const context = raiseContext(round, previous, bid.by);
  const soft = bidWeight(bid, context.wild) <= softestRaiseWeight(context) ? 1 : 0;
  return { last: bid, pairs: bump(tally.pairs, bid.by, previous.by, { opportunities: 1, raises: 1, softRaises: soft }) };
}

function called(tally: SeatTally, previous: Bid, caller: PlayerId, loser: PlayerId | null): SeatTally {
  let pairs = bump(tally.pairs, caller, previous.by, { opportunities: 1, challenges: 1 });
  // A failed call costs the caller; a bid that falls costs the bidder; an exact spot-on costs neither of them.
  if (loser === caller) pairs = bump(pairs, caller, previous.by, { losses: 1 });
  else if (loser === previous.by) pairs = bump(pairs, previous.by, caller, { losses: 1 });
  return { last: null, pairs };
}

/** One engine event into the tally; `round` is the round in play before the event (null between rounds). */
export function tallyEvent(tally: SeatTally, event: MatchEvent, round: RoundView | null): SeatTally {
  const previous = tally.last;
  switch (event.type) {
    case 'BidPlaced': {
      const bid = { by: event.data.by, quantity: event.data.quantity, face: event.data.face };
      return previous && round ? raised(tally, round, previous, bid) : { ...tally, last: bid };
    }
    case 'LiarCalled':
      return previous ? called(tally, previous, event.data.by, event.data.loser) : tally;
    case 'SpotOnCalled':
      return previous ? called(tally, previous, event.data.by, event.data.exact ? null : event.data.by) : tally;
    case 'RoundStarted':
    case 'RoundEnded':
    case 'TurnTimedOut':
    case 'PlayerForfeited':
      return previous ? { ...tally, last: null } : tally;
    default:
      return tally;
  }
}
