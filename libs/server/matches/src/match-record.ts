import { evolve, initialState, MATCH_EVENT_TYPES, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import type { RecordedEvent } from '@liars-dice/event-store-port';
import type { AccountRef, MatchOpened, SeatPlan, StoredMatchEvent } from './match-events';

export interface SeatRecord extends SeatPlan {
  /** The human sitting here; null for CPU seats and free ones. */
  readonly owner: AccountRef | null;
  /** A human left a started match and a CPU plays the seat. */
  readonly handedToCpu: boolean;
}

/** A match as the server knows it: lobby facts, the engine state, and which command ids it has seen. */
export interface MatchRecord {
  readonly opened: MatchOpened['data'];
  readonly seats: readonly SeatRecord[];
  readonly game: MatchState;
  readonly revision: bigint;
  /** Client command id -> revision of the last event that command appended. */
  readonly commands: Map<string, bigint>;
  readonly seed: string | null;
}

const ENGINE_TYPES = new Set<string>(MATCH_EVENT_TYPES);

export function isEngineEvent(event: StoredMatchEvent): event is MatchEvent {
  return ENGINE_TYPES.has(event.type);
}

function replaceSeat(seats: readonly SeatRecord[], seat: string, change: Partial<SeatRecord>): SeatRecord[] {
  return seats.map((s) => (s.seat === seat ? { ...s, ...change } : s));
}

/** Folds one event into a record; the first event of the stream must be `MatchOpened`. */
export function evolveRecord(record: MatchRecord | null, event: StoredMatchEvent, revision: bigint): MatchRecord | null {
  if (event.type === 'MatchOpened') {
    const seats = event.data.seats.map((plan) => ({ ...plan, owner: null, handedToCpu: false }));
    return { opened: event.data, seats, game: initialState, revision, commands: new Map(), seed: null };
  }
  if (!record) return null;
  const next = { ...record, revision };
  switch (event.type) {
    case 'SeatTaken':
      return { ...next, seats: replaceSeat(record.seats, event.data.seat, { owner: event.data.account }) };
    case 'SeatLeft':
      return { ...next, seats: replaceSeat(record.seats, event.data.seat, { owner: null }) };
    case 'SeatHandedToCpu':
      return { ...next, seats: replaceSeat(record.seats, event.data.seat, { handedToCpu: true, difficulty: event.data.difficulty }) };
    case 'MatchFinished':
      return { ...next, game: evolve(record.game, event), seed: event.data.seed ?? null };
    default:
      return isEngineEvent(event) ? { ...next, game: evolve(record.game, event) } : next;
  }
}

/** What folding needs of a stored event (the store's records, or what this process just appended). */
export type FoldableEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata' | 'revision'>;

/** Folds stored events (with their command ids) onto a record. */
export function foldRecorded(record: MatchRecord | null, events: readonly FoldableEvent[]): MatchRecord | null {
  let current = record;
  for (const recorded of events) {
    current = evolveRecord(current, { type: recorded.type, data: recorded.data } as StoredMatchEvent, recorded.revision);
    const commandId = recorded.metadata.commandId;
    if (current && typeof commandId === 'string') current.commands.set(commandId, recorded.revision);
  }
  return current;
}

/** The seat a CPU plays now: configured as one, or handed over when its human left. */
export function isCpuSeat(seat: SeatRecord): boolean {
  return seat.kind === 'cpu' || seat.handedToCpu;
}

export function seatOwnedBy(record: MatchRecord, accountId: string): SeatRecord | undefined {
  return record.seats.find((seat) => seat.owner?.id === accountId && !seat.handedToCpu);
}
