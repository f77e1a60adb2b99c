import type { MatchFacts, MatchPhase } from './match-facts';
import type { MatchKind, ProjectedEvent } from './projected-event';

/** One row of the match list: what the search filters on and what a list shows. */
export interface MatchListEntry {
  readonly matchId: string;
  readonly family: string;
  readonly kind: MatchKind;
  readonly ranked: boolean;
  readonly status: MatchPhase;
  readonly disputed: boolean;
  readonly voided: boolean;
  readonly host: string;
  readonly hostId: string;
  /** Seat holders in seat order: account name, 'cpu', or null for a free seat. */
  readonly players: readonly (string | null)[];
  /** Account ids seated (the player filter). */
  readonly accountIds: readonly string[];
  readonly winner: string | null;
  readonly openedAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly rounds: number;
}

const LIST_EVENTS = new Set([
  'MatchOpened', 'SeatTaken', 'SeatLeft', 'SeatHandedToCpu', 'MatchCreated', 'MatchFinished', 'MatchDisputed', 'DisputeResolved', 'MatchVoided',
]);

/** Whether the event changes the match's list row (rounds, bids and shots do not rewrite it). */
export function changesListEntry({ event }: ProjectedEvent): boolean {
  return LIST_EVENTS.has(event.type);
}

export function matchListEntry(facts: MatchFacts): MatchListEntry {
  const winnerSeat = facts.winner ? facts.seats.find((s) => s.seat === facts.winner) : undefined;
  return {
    matchId: facts.matchId,
    family: facts.ruleset,
    kind: facts.kind,
    ranked: facts.ranked,
    status: facts.phase,
    disputed: facts.disputed,
    voided: facts.voided,
    host: facts.host.name,
    hostId: facts.host.id,
    players: facts.seats.map((s) => (s.cpu ? 'cpu' : (s.account?.name ?? null))),
    accountIds: [...new Set([facts.host.id, ...facts.seats.flatMap((s) => (s.account ? [s.account.id] : []))])],
    winner: winnerSeat ? (winnerSeat.cpu ? 'cpu' : (winnerSeat.account?.name ?? winnerSeat.seat)) : null,
    openedAt: facts.openedAt,
    startedAt: facts.startedAt,
    finishedAt: facts.finishedAt,
    rounds: facts.rounds,
  };
}
