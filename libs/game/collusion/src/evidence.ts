import {
  type Bid,
  type BidPlaced,
  type Bidding,
  diceInPlay,
  evolve,
  initialState,
  type LiarCalled,
  type MatchEvent,
  type MatchState,
  type PlayerId,
  seatOf,
  type SpotOnCalled,
  wildActive,
} from '@liars-dice/game-rules';
import { bidWeight, type RaiseContext, softestRaiseWeight } from './soft-raise';

/**
 * What one player did with another's bids in one match, seen from the player who answered (`actor`) to the
 * player whose bid stood (`bidder`). Every count is additive over matches.
 */
export interface PairCounts {
  /** Times the actor was to act on a bid of the bidder: the only moments the actor could call it. */
  readonly opportunities: number;
  /** Liar or spot-on calls on the bidder's bid. */
  readonly challenges: number;
  /** Raises over the bidder's bid. */
  readonly raises: number;
  /** Raises that added no more than the least a legal raise could (soft-raise.ts). */
  readonly softRaises: number;
  /** Dice (or, in the revolver, loads) the actor lost in a call between the two, whoever called. */
  readonly losses: number;
}

export const NO_COUNTS: PairCounts = { opportunities: 0, challenges: 0, raises: 0, softRaises: 0, losses: 0 };

export function addCounts(a: PairCounts, b: PairCounts): PairCounts {
  return {
    opportunities: a.opportunities + b.opportunities,
    challenges: a.challenges + b.challenges,
    raises: a.raises + b.raises,
    softRaises: a.softRaises + b.softRaises,
    losses: a.losses + b.losses,
  };
}

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

type Mutable = { -readonly [K in keyof PairCounts]: PairCounts[K] };

class Tally {
  private readonly byPair = new Map<string, { actor: string; bidder: string; counts: Mutable }>();

  constructor(private readonly accounts: Readonly<Record<PlayerId, string>>) {}

  /** The counters of actor seat → bidder seat, or null when either seat is not a scored account. */
  of(actorSeat: PlayerId, bidderSeat: PlayerId): Mutable | null {
    const actor = this.accounts[actorSeat];
    const bidder = this.accounts[bidderSeat];
    if (actor === undefined || bidder === undefined || actor === bidder) return null;
    const key = `${actor}\u0001${bidder}`;
    let entry = this.byPair.get(key);
    if (!entry) this.byPair.set(key, (entry = { actor, bidder, counts: { ...NO_COUNTS } }));
    return entry.counts;
  }

  pairs(): PairEvidence[] {
    return [...this.byPair.values()].map(({ actor, bidder, counts }) => ({ actor, bidder, counts: { ...counts } }));
  }
}

/** The raise context of `bidder` answering `previous` in a bidding state. */
export function raiseContextOf(state: Bidding, previous: Bid, bidder: PlayerId): RaiseContext {
  const wild = wildActive(state.options, state.round);
  const lonely = (seatOf(state, bidder)?.dice ?? 0) === 1;
  return { previous, wild, onesBarred: state.ruleset === 'revolver', lockedFace: state.round.palifico && !lonely ? previous.face : null, total: diceInPlay(state) };
}

function countRaise(tally: Tally, before: Bidding, previous: Bid, event: BidPlaced): void {
  const counts = tally.of(event.data.by, previous.by);
  if (!counts) return;
  counts.opportunities++;
  counts.raises++;
  const context = raiseContextOf(before, previous, event.data.by);
  if (bidWeight(event.data, context.wild) <= softestRaiseWeight(context)) counts.softRaises++;
}

function countCall(tally: Tally, previous: Bid, event: LiarCalled | SpotOnCalled): void {
  const caller = event.data.by;
  const counts = tally.of(caller, previous.by);
  if (!counts) return;
  counts.opportunities++;
  counts.challenges++;
  // A failed call costs the caller; a bid that falls costs the bidder; an exact spot-on costs neither of them.
  const loser = event.type === 'LiarCalled' ? event.data.loser : event.data.exact ? null : caller;
  if (loser === caller) counts.losses++;
  else if (loser === previous.by) {
    const other = tally.of(previous.by, caller);
    if (other) other.losses++;
  }
}

function countEvent(tally: Tally, before: MatchState, event: MatchEvent): void {
  if (before.status !== 'bidding') return;
  const previous = before.round.bids.at(-1);
  if (!previous) return;
  if (event.type === 'BidPlaced') countRaise(tally, before, previous, event);
  else if (event.type === 'LiarCalled' || event.type === 'SpotOnCalled') countCall(tally, previous, event);
}

/**
 * Reduces a match to pair evidence by folding its events through the engine's own `evolve`: whose bid stood
 * when each player acted, and which raises were the minimum, are read off the state before each event.
 */
export function matchEvidence(match: MatchRecord): MatchEvidence {
  const tally = new Tally(match.accounts);
  let state: MatchState = initialState;
  for (const event of match.events) {
    countEvent(tally, state, event);
    state = evolve(state, event);
  }
  const seated = state.status === 'none' ? [] : state.seats.map((seat) => match.accounts[seat.id]);
  const accounts = [...new Set(seated.filter((id): id is string => id !== undefined))];
  return { accounts, pairs: tally.pairs() };
}
