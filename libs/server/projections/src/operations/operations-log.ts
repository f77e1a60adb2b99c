import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { metadataFor } from '@liars-dice/game-match';
import { decodeCursor, type Page, pageOf, Refusal } from '@liars-dice/server-platform';

/**
 * What operators did to the service, one stream for the whole service: its name and its one event type are
 * declared here, where it is written and read. No read model follows it (a rebuild must not erase its own
 * record); the log is read from the stream, newest first.
 */
export const OPERATIONS_LOG_STREAM = 'operations-log';

export const REBUILD_REQUESTED = 'ReadModelRebuildRequested';

export interface RebuildRequested {
  readonly readModel: string;
  readonly reason: string;
  readonly by: { readonly id: string; readonly name: string };
  /** Epoch ms the server took the request. */
  readonly at: number;
}

export interface OperationsLogEntry extends RebuildRequested {
  readonly revision: number;
  readonly action: 'rebuild';
}

/** Appended before the rebuild starts, so the record stands even if the rebuild then fails. */
export async function recordRebuild(store: Pick<EventStore, 'appendToStream'>, request: RebuildRequested): Promise<OperationsLogEntry> {
  const { by, at, readModel, reason } = request;
  const [metadata] = metadataFor({ commandId: `rebuild:${randomUUID()}`, actor: { kind: 'account', ...by }, at, command: 'RebuildReadModel', request: { readModel, reason } }, 1);
  const appended = await store.appendToStream(OPERATIONS_LOG_STREAM, [{ id: randomUUID(), type: REBUILD_REQUESTED, data: request, metadata }], { expectedRevision: 'any' });
  return { ...request, action: 'rebuild', revision: Number(appended.nextExpectedRevision) };
}

function entryOf(event: RecordedEvent): OperationsLogEntry | null {
  if (event.type !== REBUILD_REQUESTED) return null;
  const data = event.data as Partial<RebuildRequested>;
  const { readModel, reason, by, at } = data;
  if (typeof readModel !== 'string' || typeof reason !== 'string' || typeof at !== 'number' || typeof by?.id !== 'string' || typeof by.name !== 'string') return null;
  return { revision: Number(event.revision), action: 'rebuild', readModel, reason, by: { id: by.id, name: by.name }, at };
}

/** The log newest first, `first` entries after the cursor `after` (an entry's revision). */
export async function readOperationsLog(store: Pick<EventStore, 'readStreamIfExists'>, first: number, after: string | null): Promise<Page<OperationsLogEntry>> {
  const cursor = decodeCursor(after, ['number'] as const);
  if (cursor && !Number.isSafeInteger(cursor[0])) throw new Refusal('BAD_USER_INPUT', 'after: not a cursor from this list', 'after');
  if (cursor && cursor[0] <= 0) return { nodes: [], endCursor: null, hasNextPage: false };
  const events = await store.readStreamIfExists(OPERATIONS_LOG_STREAM, { direction: 'backwards', fromRevision: cursor ? BigInt(cursor[0] - 1) : 'end', maxCount: first + 1 });
  const entries = (events ?? []).map(entryOf).filter((entry): entry is OperationsLogEntry => entry !== null);
  return pageOf(entries, first, (entry) => [entry.revision]);
}
