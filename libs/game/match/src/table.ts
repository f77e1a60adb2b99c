import type { FairnessCommitment, MatchOptions, Ruleset } from '@liars-dice/game-rules';
import { seatNames } from './cpu-roster';
import type { LobbyClosing, SeatPlan, StreamEvent } from './events';
import type { TournamentTableRef } from './plan';
import { type AccountRef, type MatchKind, type MatchStatus, UNNAMED_CPU } from './vocabulary';

/** A seat as the lobby left it. */
export interface SeatState extends SeatPlan {
  /** What a CPU playing the seat goes by: the host's name for it, else a roster name (`seatNames`). */
  readonly name: string | null;
  /** The human holding the seat; null when free, for a CPU seat, and once handed to a CPU. */
  readonly holder: AccountRef | null;
  /** The human who held the seat before a CPU took it over; null otherwise. */
  readonly previous: AccountRef | null;
}

/** A match as its lobby set it up, and where it stands; what the write side and every read model share. */
export interface OpenTable {
  readonly status: MatchStatus;
  readonly matchId: string;
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly chosenOptions: Readonly<Record<string, unknown>>;
  readonly ranked: boolean;
  readonly kind: MatchKind;
  readonly host: AccountRef;
  readonly fairness: FairnessCommitment;
  readonly openedAt: number;
  readonly seats: readonly SeatState[];
  /** The tournament table it is played for (absent or null for any other match). */
  readonly tournament?: TournamentTableRef | null;
  /** The host's idle time for the lobby (seconds); absent: the server's `LOBBY_IDLE_SECONDS`. */
  readonly lobbyIdleSeconds?: number;
  /** Status `closed` only: why and by whom (`LobbyClosed`). */
  readonly closing?: LobbyClosing;
}

export type Table = { readonly status: 'none' } | OpenTable;

export const initialTable: Table = { status: 'none' };

function withSeat(table: OpenTable, seat: string, change: Partial<SeatState>): OpenTable {
  return { ...table, seats: table.seats.map((s) => (s.seat === seat ? { ...s, ...change } : s)) };
}

/**
 * The one fold of a match's lobby: the write side decides on it, every read model reads it. Total: an event
 * it has nothing to do with returns the same object (so a reader can tell "unchanged" by identity); the
 * sealed seed of `MatchOpened` is never copied into it.
 */
export function evolveTable(table: Table, event: StreamEvent): Table {
  if (event.type === 'MatchOpened') {
    const { sealedSeed: _sealed, seats, ...opened } = event.data;
    const names = seatNames(seats);
    return { ...opened, status: 'lobby', seats: seats.map((plan, i) => ({ ...plan, name: names[i] ?? null, holder: null, previous: null })) };
  }
  if (table.status === 'none') return table;
  switch (event.type) {
    case 'SeatTaken':
      return withSeat(table, event.data.seat, { holder: event.data.account });
    case 'SeatLeft':
      return withSeat(table, event.data.seat, { holder: null });
    case 'HostHandedOver':
      return { ...table, host: event.data.to };
    case 'LobbyClosed':
      return table.status === 'lobby' ? { ...table, status: 'closed', closing: event.data } : table;
    case 'SeatHandedToCpu':
      return withSeat(table, event.data.seat, { holder: null, previous: event.data.previous, difficulty: event.data.difficulty });
    case 'MatchCreated':
      return { ...table, status: 'playing' };
    case 'MatchFinished':
      return { ...table, status: 'finished' };
    default:
      return table;
  }
}

/** A CPU plays the seat: it was opened for one, or its human handed it over. */
export function cpuPlays(seat: SeatState): boolean {
  return seat.kind === 'cpu' || seat.previous !== null;
}

/** The seat an account holds (plays) now, if any. */
export function seatHeldBy(table: OpenTable, accountId: string): SeatState | undefined {
  return table.seats.find((seat) => seat.holder?.id === accountId);
}

/**
 * Whether the lobby's host role is up for grabs: the host left their seat and nobody took the role over (the
 * table was left empty, in a stream from before `LobbyClosed`: such a lobby is closed now). A tournament table's
 * host is its organiser, who may watch: never hostless.
 */
export function hostless(table: OpenTable): boolean {
  return !table.tournament && table.seats.some((seat) => seat.kind === 'human') && !seatHeldBy(table, table.host.id);
}

/** Human seats nobody has taken yet. */
export function freeSeats(table: OpenTable): SeatState[] {
  return table.seats.filter((seat) => seat.kind === 'human' && seat.holder === null && seat.previous === null);
}

/** Who plays the seat, as people are shown it: the account's name, the CPU's, or null while the seat is free. */
export function seatName(seat: SeatState): string | null {
  if (cpuPlays(seat)) return seat.name ?? UNNAMED_CPU;
  return seat.holder?.name ?? null;
}

/** The account playing a seat now; null for CPU-played and free seats. */
export function accountOn(table: OpenTable, seat: string): AccountRef | null {
  return table.seats.find((s) => s.seat === seat)?.holder ?? null;
}

/** Whether `table` is a casual lobby that `accountId` hosts: what MAX_OPEN_LOBBIES counts. */
export function isLobbyHostedBy(table: Table, accountId: string): boolean {
  return table.status === 'lobby' && !table.tournament && table.host.id === accountId;
}
