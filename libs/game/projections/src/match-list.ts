import { freeSeats, type MatchKind, type MatchStatus, seatName } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import type { MatchFacts } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/** One row of the match list: what the list filters on and what it shows. */
export interface MatchListEntry {
  readonly matchId: string;
  readonly family: Ruleset;
  readonly kind: MatchKind;
  readonly ranked: boolean;
  readonly status: MatchStatus;
  readonly disputed: boolean;
  readonly voided: boolean;
  readonly host: string;
  readonly hostId: string;
  /** Who plays each seat, in seat order, by name (`seatName`: an account, a CPU), or null for a free seat. */
  readonly players: readonly (string | null)[];
  /** Human seats still free (lobby). */
  readonly freeSeats: number;
  /** Accounts the match involves (the player filter): the host, those seated, and those a CPU replaced. */
  readonly accountIds: readonly string[];
  readonly winner: string | null;
  readonly openedAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly rounds: number;
}

const LIST_EVENTS = new Set([
  'MatchOpened', 'SeatTaken', 'SeatLeft', 'HostHandedOver', 'LobbyClosed', 'SeatHandedToCpu', 'MatchCreated', 'MatchFinished', 'MatchDisputed', 'DisputeResolved', 'MatchVoided', 'MatchUnvoided',
]);

/** Whether the event changes the match's list row (rounds, bids and shots do not rewrite it). */
export function changesListEntry({ event }: ProjectedEvent): boolean {
  return LIST_EVENTS.has(event.type);
}

export function matchListEntry(facts: MatchFacts): MatchListEntry {
  const winnerSeat = facts.winner ? facts.seats.find((s) => s.seat === facts.winner) : undefined;
  const involved = facts.seats.flatMap((s) => [s.holder, s.previous]).flatMap((account) => (account ? [account.id] : []));
  return {
    matchId: facts.matchId,
    family: facts.ruleset,
    kind: facts.kind,
    ranked: facts.ranked,
    status: facts.status,
    disputed: facts.disputed,
    voided: facts.voided,
    host: facts.host.name,
    hostId: facts.host.id,
    players: facts.seats.map(seatName),
    freeSeats: freeSeats(facts).length,
    accountIds: [...new Set([facts.host.id, ...involved])],
    winner: winnerSeat ? (seatName(winnerSeat) ?? winnerSeat.seat) : null,
    openedAt: facts.openedAt,
    startedAt: facts.startedAt,
    finishedAt: facts.finishedAt,
    rounds: facts.rounds,
  };
}
