import { countFace, evolve, initialState, type Bid, type Face, type MatchEvent, type MatchOptions, type MatchState, type Ruleset } from '@liars-dice/game-rules';
import type { AccountRef, Hands, MatchKind, ProjectedEvent } from './projected-event';

export type MatchPhase = 'lobby' | 'playing' | 'finished';

export interface SeatFacts {
  readonly seat: string;
  readonly cpu: boolean;
  /** The human holding the seat now; null for CPU and free seats, and once handed to a CPU. */
  readonly account: AccountRef | null;
}

/** One account's bids of the round in play, judged against its hidden hand but not yet published. */
export interface UnrevealedBids {
  readonly bids: number;
  readonly bluffs: number;
}

export interface RoundFacts {
  readonly number: number;
  readonly palifico: boolean;
  readonly dice: Hands;
  /** The round's first bid (what the global stats judge at the reveal); later bids are not kept. */
  readonly opening: Bid | null;
  /**
   * Bids of this round by account, held back until the round is revealed (docs/projections.md, "hidden
   * dice"): whether a bid was a bluff depends on the bidder's hand, so no public counter may move before.
   */
  readonly unrevealed?: Readonly<Record<string, UnrevealedBids>>;
}

/** The events that reveal the round in play: every way a round ends, and the end of the match. */
export const REVEALING_EVENTS: ReadonlySet<string> = new Set(['LiarCalled', 'SpotOnCalled', 'TurnTimedOut', 'PlayerForfeited', 'MatchFinished']);

/**
 * What every read model needs to know about a match at one point of its stream: the lobby facts and the
 * round in play. Small and JSON-safe (it is stored next to each read model's checkpoint), and unchanged (the
 * same object) by events that do not touch it, so most events cost the runner no write.
 */
export interface MatchFacts {
  readonly matchId: string;
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly kind: MatchKind;
  readonly ranked: boolean;
  readonly host: AccountRef;
  readonly seats: readonly SeatFacts[];
  readonly openedAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly phase: MatchPhase;
  readonly round: RoundFacts | null;
  readonly rounds: number;
  /** Seat ids. */
  readonly winner: string | null;
  readonly placements: readonly (readonly string[])[] | null;
  readonly disputed: boolean;
  readonly voided: boolean;
}

function withSeat(facts: MatchFacts, seat: string, account: AccountRef | null, cpu?: boolean): MatchFacts {
  return { ...facts, seats: facts.seats.map((s) => (s.seat === seat ? { ...s, account, cpu: cpu ?? s.cpu } : s)) };
}

/** Folds one event; null until the stream's `MatchOpened`. Total: an unexpected event changes nothing. */
export function evolveFacts(before: MatchFacts | null, { event, at }: ProjectedEvent): MatchFacts | null {
  if (event.type === 'MatchOpened') {
    const { matchId, ruleset, options, kind, ranked, host, seats, openedAt } = event.data;
    return {
      matchId, ruleset, options, kind, ranked, host, openedAt,
      seats: seats.map((s) => ({ seat: s.seat, cpu: s.kind === 'cpu', account: null })),
      startedAt: null, finishedAt: null, phase: 'lobby', round: null, rounds: 0, winner: null, placements: null,
      disputed: false, voided: false,
    };
  }
  if (!before) return null;
  const facts = before;
  switch (event.type) {
    case 'SeatTaken':
      return withSeat(facts, event.data.seat, event.data.account);
    case 'SeatLeft':
      return withSeat(facts, event.data.seat, null);
    case 'SeatHandedToCpu':
      return withSeat(facts, event.data.seat, null, true);
    case 'MatchCreated':
      return { ...facts, phase: 'playing', startedAt: at };
    case 'RoundStarted':
      return { ...facts, rounds: facts.rounds + 1, round: { number: event.data.round, palifico: event.data.palifico, dice: event.data.dice, opening: null } };
    case 'BidPlaced':
      return facts.round ? { ...facts, round: withBid(facts, facts.round, event.data) } : facts;
    case 'MatchFinished':
      return { ...facts, phase: 'finished', finishedAt: at, winner: event.data.winner, placements: event.data.placements };
    case 'MatchDisputed':
      return { ...facts, disputed: true };
    case 'DisputeResolved':
      return { ...facts, disputed: false };
    case 'MatchVoided':
      return { ...facts, voided: true };
    default:
      return facts.round?.unrevealed && REVEALING_EVENTS.has(event.type) ? { ...facts, round: { ...facts.round, unrevealed: {} } } : facts;
  }
}

/** A bid is a bluff when none of the bidder's own dice back it (the bid face, plus 1s while wild). */
export function isBluff(facts: MatchFacts, bid: Pick<Bid, 'by' | 'face'>): boolean {
  return supportFor(facts, { [bid.by]: facts.round?.dice[bid.by] ?? [] }, bid.face) === 0;
}

function withBid(facts: MatchFacts, round: RoundFacts, bid: Bid): RoundFacts {
  const opening = round.opening ?? { by: bid.by, quantity: bid.quantity, face: bid.face };
  const account = countsForStats(facts) ? accountOn(facts, bid.by) : null;
  if (!account) return round.opening ? round : { ...round, opening };
  const held = round.unrevealed?.[account.id] ?? { bids: 0, bluffs: 0 };
  const judged = { bids: held.bids + 1, bluffs: held.bluffs + (isBluff(facts, bid) ? 1 : 0) };
  return { ...round, opening, unrevealed: { ...round.unrevealed, [account.id]: judged } };
}

/** The account on a seat, if a human holds it. */
export function accountOn(facts: MatchFacts, seat: string): AccountRef | null {
  return facts.seats.find((s) => s.seat === seat)?.account ?? null;
}

/** Wild 1s count in this round (rules.md §3). */
export function wildNow(facts: MatchFacts): boolean {
  return facts.options.wildOnes && !(facts.round?.palifico ?? false);
}

/** How many of `hands` count towards a bid on `face` this round. */
export function supportFor(facts: MatchFacts, hands: Hands, face: Face): number {
  return countFace(hands, face, wildNow(facts));
}

/**
 * Regular statistics come from ranked regular matches only: "unranked, practice and tutorial matches never
 * change ratings or regular statistics" (rules.md §10, which settles the shorter list); tutorial
 * matches feed tutorial progress instead.
 */
export function countsForStats(facts: MatchFacts): boolean {
  return facts.kind === 'regular' && facts.ranked;
}

/** The engine state folded from a match's events with the same `evolve` the game service uses. */
export function foldEngine(events: readonly ProjectedEvent[], upTo = events.length): MatchState {
  let state: MatchState = initialState;
  for (let i = 0; i < upTo; i++) {
    const projected = events[i];
    if (projected && isEngine(projected)) state = evolve(state, projected.event);
  }
  return state;
}

const LOBBY_TYPES = new Set(['MatchOpened', 'SeatTaken', 'SeatLeft', 'SeatHandedToCpu', 'MatchDisputed', 'DisputeResolved', 'MatchVoided']);

export function isEngine(projected: ProjectedEvent): projected is ProjectedEvent<MatchEvent> {
  return !LOBBY_TYPES.has(projected.event.type);
}
