import { isStreamEvent, type StreamEvent } from './events';
import { commandOf, type EventMetadata } from './metadata';
import { evolveTableState, initialTableState, type TableState } from './state';
import type { OpenTable } from './table';
import { type CommandEntry, CommandLog } from './command-log';

export { type CommandEntry, CommandLog } from './command-log';

/** A match as its stream holds it: the decider's state plus what only the stream knows. */
export interface MatchRecord extends TableState {
  readonly table: OpenTable;
  readonly revision: bigint;
  /** Command id -> its entry (the write side's idempotency). */
  readonly commands: CommandLog;
  /** The secret seed as `MatchOpened` sealed it (only the write side can open it). */
  readonly sealedSeed: string;
  /** Revealed by `MatchFinished`. */
  readonly seed: string | null;
  /**
   * The server process (replica) that appended the last event, as its metadata names it; null when it names
   * none. With replicas, that one plays the match's CPU seats and fires its deadlines first (ADR 0015, 0067).
   */
  readonly writer: string | null;
}

/** What folding needs of a stored event (the store's records, or what a writer just appended). */
export interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly revision: bigint;
}

/**
 * Adds what an event's metadata says of its command to the entries a fold collects (`added`, over `log`):
 * every stream with command ids (a match's, a tournament's) keeps them this way.
 */
export function rememberCommand(commands: Map<string, CommandEntry>, log: CommandLog, metadata: Pick<EventMetadata, 'commandId' | 'actor' | 'command' | 'request'>, revision: bigint): void {
  const { commandId } = metadata;
  if (commandId === null) return;
  commands.set(commandId, isWhole(metadata) ? { revision, actor: metadata.actor, command: metadata.command, request: metadata.request } : completed(metadata, revision, commands.get(commandId) ?? log.get(commandId)));
}

type Fingerprint = Pick<CommandEntry, 'actor' | 'command' | 'request'>;

/**
 * Whether an event carries its command's whole fingerprint, as a batch's first event does: then it needs no
 * look-up of its id (a new id misses every layer of the log, a walk through all of them).
 */
function isWhole({ actor, command, request }: Fingerprint): boolean {
  return actor !== null && command !== null && request !== null;
}

/** A later event of a batch keeps the fingerprint of the batch's first one. */
function completed({ actor, command, request }: Fingerprint, revision: bigint, first: CommandEntry | undefined): CommandEntry {
  return { revision, actor: actor ?? first?.actor ?? null, command: command ?? first?.command ?? null, request: request ?? first?.request ?? null };
}

/** A record this fold made itself, not handed out yet: the fold's later events update it in place. */
type Draft = { -readonly [K in keyof MatchRecord]: MatchRecord[K] };

function opened(event: Extract<StreamEvent, { type: 'MatchOpened' }>, revision: bigint): Draft | null {
  const state = evolveTableState(initialTableState, event);
  if (state.table.status === 'none') return null;
  return { table: state.table, game: state.game, revision, commands: CommandLog.empty, sealedSeed: event.data.sealedSeed, seed: null, writer: null };
}

function evolveInto(draft: Draft, event: StreamEvent): void {
  const state = evolveTableState(draft, event);
  draft.table = state.table as OpenTable;
  draft.game = state.game;
  if (event.type === 'MatchFinished') draft.seed = event.data.seed ?? null;
}

/**
 * Folds stored events onto a record (null before the stream's `MatchOpened`). Pure: the record given is left
 * as it was, so a cached record can be shared. Unknown event types only move the revision.
 */
export function foldRecorded(record: MatchRecord | null, events: readonly StoredEvent[]): MatchRecord | null {
  let current: MatchRecord | null = record;
  // Whether `current` was made by this fold: the record given may be shared, so the first event after it makes
  // a copy, which the following ones update in place (one record per fold, not one per event of a batch).
  let owned = false;
  const added = new Map<string, CommandEntry>();
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as StreamEvent;
    const valid = isStreamEvent(event);
    if (valid && event.type === 'MatchOpened') {
      current = opened(event, stored.revision);
      owned = current !== null;
    } else if (current) {
      const draft: Draft = owned ? (current as Draft) : { ...current };
      if (valid) evolveInto(draft, event);
      draft.revision = stored.revision;
      current = draft;
      owned = true;
    }
    if (!current) continue;
    if (event.type === 'MatchOpened') added.clear();
    const command = commandOf(stored.metadata);
    // `current` is this fold's own draft here (opened or copied above).
    (current as Draft).writer = command.replica;
    rememberCommand(added, current.commands, command, stored.revision);
  }
  if (!current || added.size === 0) return current;
  if (!owned) return { ...current, commands: current.commands.with(added) };
  (current as Draft).commands = current.commands.with(added);
  return current;
}
