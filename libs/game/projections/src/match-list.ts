import { cpuPlays, type Difficulty, expiresWhenIdle, freeSeats, type MatchKind, type MatchStatus, type SeatPlan, type SeatState, seatName, seatNames } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import type { MatchFacts } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/** Who a list row says plays a seat: a person, a CPU, or nobody yet. */
export const LISTED_SEAT_KINDS = ['human', 'cpu', 'free'] as const;
export type ListedSeatKind = (typeof LISTED_SEAT_KINDS)[number];

/**
 * One seat as the list shows it, so a reader need not guess from a name: a CPU named "Ada" is a CPU,
 * a person whose account is named "cpu" is a person.
 */
export interface ListedSeat {
  readonly kind: ListedSeatKind;
  /** The person's account name, or the CPU's (its host's or its roster name); null while free. */
  readonly name: string | null;
  /** The level of the CPU playing the seat; null for a person or a free seat. */
  readonly difficulty: Difficulty | null;
  /** A CPU took the seat over from the person who left it. */
  readonly handedToCpu: boolean;
}

/** One row of the match list: what the list filters on and what it shows. */
export interface MatchListEntry {
  readonly matchId: string;
  readonly family: Ruleset;
  readonly kind: MatchKind;
  readonly ranked: boolean;
  readonly status: MatchStatus;
  /** A dispute waits for its ruling. */
  readonly disputed: boolean;
  /** A dispute was ever filed on the match (open or ruled). */
  readonly hadDispute: boolean;
  /** The outcome of the latest ruling that took effect (dismiss, warn, void, sanction); null before any. */
  readonly ruling: MatchFacts['ruling'];
  readonly voided: boolean;
  readonly host: string;
  readonly hostId: string;
  /** Who plays each seat, in seat order, by name (`seatName`: an account, a CPU), or null for a free seat. */
  readonly players: readonly (string | null)[];
  /** Each seat's kind, name and CPU level, in seat order. */
  readonly seats: readonly ListedSeat[];
  /** Human seats still free (lobby). */
  readonly freeSeats: number;
  /** Accounts the match involves (the player filter): the host, those seated, and those a CPU replaced. */
  readonly accountIds: readonly string[];
  readonly winner: string | null;
  readonly openedAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly rounds: number;
  /**
   * While the row is a lobby that expires when idle (a casual one): when the store committed its last event, the
   * moment its idle time counts from; null otherwise. The expiry itself depends on the server's
   * setting, so it is computed when read (`idleExpiry`, ADR 0048), never stored.
   */
  readonly idleSince: number | null;
  /** The idle time its host chose at creation (seconds, `MatchOpened.lobbyIdleSeconds`); null: none chosen. */
  readonly lobbyIdleSeconds: number | null;
}

const LIST_EVENTS = new Set([
  'MatchOpened', 'SeatTaken', 'SeatLeft', 'HostHandedOver', 'LobbyClosed', 'SeatHandedToCpu', 'MatchCreated', 'MatchFinished', 'MatchDisputed', 'DisputeResolved', 'MatchVoided', 'MatchUnvoided',
]);

/** Whether the event changes the match's list row (rounds, bids and shots do not rewrite it). */
export function changesListEntry({ event }: ProjectedEvent): boolean {
  return LIST_EVENTS.has(event.type);
}

/** A seat as the list shows it. */
export function listedSeat(seat: SeatState): ListedSeat {
  if (cpuPlays(seat)) return { kind: 'cpu', name: seat.name ?? null, difficulty: seat.difficulty, handedToCpu: seat.previous !== null };
  if (seat.holder) return { kind: 'human', name: seat.holder.name, difficulty: null, handedToCpu: false };
  return { kind: 'free', name: null, difficulty: null, handedToCpu: false };
}

/**
 * A stored row's seats and players with every CPU named (ADR 0075). Rows written before CPUs had roster names hold
 * null (and "cpu" in `players`) for an unnamed CPU: it gets the name the lobby fold gives it now, from the same
 * plan (a CPU seat unless a CPU took it over from a person). Rows written since come back as they are.
 */
export function withRosterNames<Row extends Pick<MatchListEntry, 'players' | 'seats'>>(row: Row): Row {
  if (!row.seats.some((seat) => seat.kind === 'cpu' && seat.name === null)) return row;
  const plans = row.seats.map((seat, i): SeatPlan => {
    const planned = seat.kind === 'cpu' && !seat.handedToCpu;
    return { seat: `s${i + 1}`, kind: planned ? 'cpu' : 'human', difficulty: planned ? seat.difficulty : null, name: planned ? seat.name : null };
  });
  const names = seatNames(plans);
  const seats = row.seats.map((seat, i) => (seat.kind === 'cpu' && seat.name === null ? { ...seat, name: names[i] ?? null } : seat));
  return { ...row, seats, players: row.players.map((player, i) => (seats[i]?.kind === 'cpu' ? (seats[i]?.name ?? player) : player)) };
}

/**
 * The match's row after an event the store committed at `committedAt` (epoch ms; null when unknown, as for the
 * row before a change: it then counts as idle since nothing).
 */
export function matchListEntry(facts: MatchFacts, committedAt: number | null): MatchListEntry {
  const winnerSeat = facts.winner ? facts.seats.find((s) => s.seat === facts.winner) : undefined;
  const involved = facts.seats.flatMap((s) => [s.holder, s.previous]).flatMap((account) => (account ? [account.id] : []));
  return {
    matchId: facts.matchId,
    family: facts.ruleset,
    kind: facts.kind,
    ranked: facts.ranked,
    status: facts.status,
    disputed: facts.disputed,
    hadDispute: facts.hadDispute,
    ruling: facts.ruling,
    voided: facts.voided,
    host: facts.host.name,
    hostId: facts.host.id,
    players: facts.seats.map(seatName),
    seats: facts.seats.map(listedSeat),
    freeSeats: freeSeats(facts).length,
    accountIds: [...new Set([facts.host.id, ...involved])],
    winner: winnerSeat ? (seatName(winnerSeat) ?? winnerSeat.seat) : null,
    openedAt: facts.openedAt,
    startedAt: facts.startedAt,
    finishedAt: facts.finishedAt,
    rounds: facts.rounds,
    idleSince: expiresWhenIdle(facts) ? committedAt : null,
    lobbyIdleSeconds: facts.lobbyIdleSeconds ?? null,
  };
}
