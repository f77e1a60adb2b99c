import { type Actor, actorKey } from './actor';

/** What the server knows about the command behind a batch of events. */
export interface CommandStamp {
  readonly commandId: string;
  readonly actor: Actor;
  /** When the server decided the command (epoch ms): the `at` the deciders were given. */
  readonly at: number;
  /** The command's type and the caller's own values: an exact retry is told from a reused id by them. */
  readonly command: string;
  readonly request: Readonly<Record<string, unknown>>;
  /** The server process that appends it (a match's CPU seats and deadlines are that replica's first). */
  readonly replica?: string;
}

/** The metadata written on each event of a command's batch (a type alias: the store takes plain records). */
export type WrittenMetadata = {
  readonly commandId: string;
  readonly actor: string;
  /** ISO-8601 of `at`. */
  readonly recordedAt: string;
  /** Where the event sits in the events one command appended together; readers act on whole batches. */
  readonly batch: { readonly index: number; readonly size: number };
  /** First event of the batch only. */
  readonly command?: string;
  readonly request?: Readonly<Record<string, unknown>>;
  readonly replica?: string;
};

/** The metadata of each of the `size` events one command appends (literals of one shape: every command runs it). */
export function metadataFor(stamp: CommandStamp, size: number): WrittenMetadata[] {
  const { commandId, command, request, replica } = stamp;
  const actor = actorKey(stamp.actor);
  const recordedAt = new Date(stamp.at).toISOString();
  // Every event names its replica: the fold reads the writer of a command off whichever event ends it.
  const written: WrittenMetadata[] = [{ commandId, actor, recordedAt, batch: { index: 0, size }, replica, command, request }];
  for (let index = 1; index < size; index++) written.push({ commandId, actor, recordedAt, batch: { index, size }, replica });
  return written;
}

/** Stored metadata as read back: every field checked, null when absent or malformed (older events lack some). */
export interface EventMetadata {
  readonly commandId: string | null;
  readonly actor: string | null;
  /** Epoch ms. */
  readonly recordedAt: number | null;
  readonly batch: { readonly index: number; readonly size: number } | null;
  readonly command: string | null;
  readonly request: Readonly<Record<string, unknown>> | null;
  readonly replica: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function batchOf(value: unknown): EventMetadata['batch'] {
  if (!isRecord(value)) return null;
  const { index, size } = value;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
  return whole(index) && whole(size) && index >= 0 && index < size ? { index, size } : null;
}

function timeOf(value: unknown): number | null {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** What a fold remembers of an event's command (`readMetadata` without the time, which folds never need). */
export function commandOf(raw: Readonly<Record<string, unknown>> | undefined): Pick<EventMetadata, 'commandId' | 'actor' | 'command' | 'request' | 'replica'> {
  const stored = raw ?? {};
  const request = stored['request'];
  return { commandId: text(stored['commandId']), actor: text(stored['actor']), command: text(stored['command']), request: isRecord(request) ? request : null, replica: text(stored['replica']) };
}

export function readMetadata(raw: Readonly<Record<string, unknown>> | undefined): EventMetadata {
  const stored = raw ?? {};
  return {
    commandId: text(stored['commandId']),
    actor: text(stored['actor']),
    recordedAt: timeOf(stored['recordedAt']),
    batch: batchOf(stored['batch']),
    command: text(stored['command']),
    request: isRecord(stored['request']) ? stored['request'] : null,
    replica: text(stored['replica']),
  };
}

/**
 * Whether a stored event closes the batch its command appended (events written without a batch stand
 * alone). Reads the one field it needs: the live catalog asks it of every event.
 */
export function endsBatch(raw: Readonly<Record<string, unknown>> | undefined): boolean {
  const batch = batchOf(raw?.['batch']);
  return batch === null || batch.index === batch.size - 1;
}
