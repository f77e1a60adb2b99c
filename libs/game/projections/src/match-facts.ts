import { countFace, evolve, initialState, type Bid, type Face, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { accountOn, type DisputeResolved, evolveTable, initialTable, isEngineEvent, type OpenTable } from '@liars-dice/game-match';
import type { Hands, ProjectedEvent } from './projected-event';

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
  /** Bids placed so far this round (public) and when the round was rolled: the round's length at its end. */
  readonly bids: number;
  readonly startedAt: number;
  /**
   * Bids of this round by account, held back until the round is revealed (docs/projections.md, "hidden
   * dice"): whether a bid was a bluff depends on the bidder's hand, so no public counter may move before.
   */
  readonly unrevealed?: Readonly<Record<string, UnrevealedBids>>;
}

/** The events that reveal the round in play: every way a round ends, and the end of the match. */
export const REVEALING_EVENTS: ReadonlySet<string> = new Set(['LiarCalled', 'SpotOnCalled', 'TurnTimedOut', 'PlayerForfeited', 'MatchFinished']);

/**
 * What every read model needs to know about a match at one point of its stream: the table as the lobby's
 * one fold (libs/game/match) left it, and the round in play. Small and JSON-safe (it is stored next to each
 * read model's checkpoint), and unchanged (the same object) by events that do not touch it, so most events
 * cost the runner no write.
 */
export interface MatchFacts extends OpenTable {
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Seat ids in turn order from the match's first starter (`MatchCreated`): the seat-position statistics. */
  readonly turnOrder: readonly string[] | null;
  readonly round: RoundFacts | null;
  readonly rounds: number;
  /** Seat ids. */
  readonly winner: string | null;
  readonly placements: readonly (readonly string[])[] | null;
  /** A dispute waits for its ruling (cleared by `DisputeResolved`). */
  readonly disputed: boolean;
  /** A dispute was ever filed on the match, whatever came of it (`disputed` clears at the ruling). */
  readonly hadDispute: boolean;
  /** The outcome of the latest ruling that took effect on the match (`DisputeResolved`); null before any. */
  readonly ruling: DisputeResolved['data']['outcome'] | null;
  readonly voided: boolean;
}

const NOTHING_PLAYED = { startedAt: null, finishedAt: null, turnOrder: null, round: null, rounds: 0, winner: null, placements: null, disputed: false, hadDispute: false, ruling: null, voided: false } as const;

/** What the events of play and moderation add to the facts. */
function played(facts: MatchFacts, { event, at }: ProjectedEvent): MatchFacts {
  switch (event.type) {
    case 'MatchCreated':
      return { ...facts, startedAt: at, turnOrder: turnOrderFrom(event.data.players, event.data.starter) };
    case 'RoundStarted': {
      const { round: number, palifico, dice } = event.data;
      return { ...facts, rounds: facts.rounds + 1, round: { number, palifico, dice, opening: null, bids: 0, startedAt: at } };
    }
    case 'BidPlaced':
      return facts.round ? { ...facts, round: withBid(facts, facts.round, event.data) } : facts;
    case 'RoundEnded':
      // Over and counted: a forfeit before the next roll must not end it a second time.
      return { ...facts, round: null };
    case 'MatchFinished':
      return { ...facts, finishedAt: at, winner: event.data.winner, placements: event.data.placements };
    case 'MatchDisputed':
      return { ...facts, disputed: true, hadDispute: true };
    case 'DisputeResolved':
      return { ...facts, disputed: false, ruling: event.data.outcome };
    case 'MatchVoided':
      return { ...facts, voided: true };
    case 'MatchUnvoided':
      return { ...facts, voided: false };
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
  const counted = { ...round, opening, bids: round.bids + 1 };
  if (!account) return counted;
  const held = round.unrevealed?.[account.id] ?? { bids: 0, bluffs: 0 };
  const judged = { bids: held.bids + 1, bluffs: held.bluffs + (isBluff(facts, bid) ? 1 : 0) };
  return { ...counted, unrevealed: { ...round.unrevealed, [account.id]: judged } };
}

/** The seats in the order they act in the first round: the starter, then seat order wrapping around (rules.md §2). */
function turnOrderFrom(players: readonly string[], starter: string): readonly string[] {
  const from = Math.max(0, players.indexOf(starter));
  return [...players.slice(from), ...players.slice(0, from)];
}

/** A seat's place in the first round's turn order: 1 for the match's starter; null for a seat not in it. */
export function turnPosition(facts: MatchFacts, seat: string): number | null {
  const index = facts.turnOrder?.indexOf(seat) ?? -1;
  return index < 0 ? null : index + 1;
}

/** Folds one event; null until the stream's `MatchOpened`. Total: an unexpected event changes nothing. */
export function evolveFacts(before: MatchFacts | null, projected: ProjectedEvent): MatchFacts | null {
  const table = evolveTable(before ?? initialTable, projected.event);
  if (table.status === 'none') return null;
  if (projected.event.type === 'MatchOpened') return { ...table, ...NOTHING_PLAYED };
  if (!before) return null;
  return played(table === before ? before : { ...before, ...table }, projected);
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

export function isEngine(projected: ProjectedEvent): projected is ProjectedEvent<MatchEvent> {
  return isEngineEvent(projected.event);
}
