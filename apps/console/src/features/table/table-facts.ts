import type { MatchFieldsFragment } from '@/data/generated/graphql';

type View = MatchFieldsFragment;
type Bid = NonNullable<View['round']>['bids'][number];

/** The bid on the table now: the round's latest, or none before the opening bid. */
export function currentBid(view: View): Bid | null {
  return view.round?.bids.at(-1) ?? null;
}

/** Each seat's latest bid of the round in play (what it said, shown by its seat). */
export function lastBids(view: View): ReadonlyMap<string, Bid> {
  return new Map((view.round?.bids ?? []).map((bid) => [bid.by, bid]));
}

/** Dice still on the table: every seat in play's. */
export function diceInPlay(view: View): number {
  return view.seats.reduce((sum, seat) => sum + (seat.out ? 0 : seat.dice), 0);
}

/**
 * The faces a seat shows this viewer: its own hand while the match is played; once it is finished, every hand
 * still in play as the last reveal showed it (the winner's too: public once revealed); otherwise none.
 */
export function shownHand(view: View, seat: string): readonly number[] | null {
  const status = view.status.toLowerCase();
  if (status === 'finished') {
    const last = view.history.at(-1);
    const out = view.seats.find((s) => s.seat === seat)?.out ?? true;
    return out ? null : (last?.hands.find((hand) => hand.seat === seat)?.dice ?? null);
  }
  return seat === view.me && view.myDice.length > 0 ? view.myDice : null;
}

export interface Elimination {
  /** The round whose end put the seat out. */
  readonly round: number;
  /** Its place (1 = the winner) once the match is finished; null while it is played. */
  readonly place: number | null;
  readonly of: number;
}

/** When `seat` went out, and where it placed once the match ended; null while it plays on (or won). */
export function eliminationOf(view: View, seat: string): Elimination | null {
  const round = view.history.find((r) => r.end?.eliminated.includes(seat));
  if (!round) return null;
  // Seats that went out together share a place, and the next place counts them all (1, 2, 2, 4).
  const groups = view.placements ?? [];
  const at = groups.findIndex((group) => group.includes(seat));
  const place = at < 0 ? null : 1 + groups.slice(0, at).reduce((sum, group) => sum + group.length, 0);
  return { round: round.number, place, of: view.seats.length };
}
