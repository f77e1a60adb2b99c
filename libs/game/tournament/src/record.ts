import { type CommandEntry, CommandLog, commandOf, rememberCommand, type StoredEvent } from '@liars-dice/game-match';
import { TOURNAMENT_EVENT_TYPES, type TournamentEvent } from './events';
import { evolve, PlayerBook } from './evolve';
import { initialState, type Tournament } from './state';

const TYPES = new Set<string>(TOURNAMENT_EVENT_TYPES);

/** A tournament as its stream holds it: the decider's state plus what only the stream knows. */
export interface TournamentRecord {
  readonly state: Tournament;
  readonly revision: bigint;
  /** Command id → its entry (the write side's idempotency). */
  readonly commands: CommandLog;
  /** The secret seed as `TournamentCreated` sealed it (only the write side opens it). */
  readonly sealedSeed: string;
  /** Revealed by `TournamentFinished` or `TournamentCancelled`. */
  readonly seed: string | null;
}

function next(record: TournamentRecord | null, event: TournamentEvent, revision: bigint, book: PlayerBook): TournamentRecord | null {
  if (event.type === 'TournamentCreated') {
    const state = evolve(initialState, event) as Tournament;
    return { state, revision, commands: CommandLog.empty, sealedSeed: event.data.sealedSeed ?? '', seed: null };
  }
  if (!record) return null;
  const state = evolve(record.state, event, book) as Tournament;
  const revealed = event.type === 'TournamentFinished' || event.type === 'TournamentCancelled' ? (event.data.seed ?? null) : record.seed;
  return { ...record, state, revision, seed: revealed };
}

/**
 * The one fold of a tournament stream, for the write side and every reader: stored events onto a record
 * (null before `TournamentCreated`). Pure: the record given is left as it was (its player map is copied at
 * the first change, then changed in place for the rest of this batch only). Unknown types move the revision.
 */
export function foldTournamentRecord(record: TournamentRecord | null, events: readonly StoredEvent[]): TournamentRecord | null {
  let current = record;
  const added = new Map<string, CommandEntry>();
  const book = new PlayerBook();
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as TournamentEvent;
    current = TYPES.has(stored.type) ? next(current, event, stored.revision, book) : current && { ...current, revision: stored.revision };
    if (!current) continue;
    if (event.type === 'TournamentCreated') added.clear();
    rememberCommand(added, current.commands, commandOf(stored.metadata), stored.revision);
  }
  return current && added.size > 0 ? { ...current, commands: current.commands.with(added) } : current;
}
