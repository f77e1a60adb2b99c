import path from 'node:path';
import type { ExpectedRevision, PreparedEvent } from '@liars-dice/event-store-port';

/** The BroadcastChannel on which the writer thread announces each commit to readers in other threads. */
export function commitChannelName(file: string): string {
  return `liars-dice:sqlite-commits:${path.resolve(file)}`;
}

/** What the store (main thread) asks its writer thread to write. Bigints cross as structured clones. */
export type WriteRequest =
  | {
      readonly kind: 'append';
      readonly stream: string;
      readonly expectedRevision: ExpectedRevision;
      readonly events: readonly PreparedEvent[];
    }
  | {
      readonly kind: 'delete';
      readonly stream: string;
      readonly expectedRevision: ExpectedRevision;
    };

/** A port error flattened for postMessage (class identity does not cross threads). */
export interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

export type WriteResult =
  | {
      readonly ok: true;
      readonly lastRevision: bigint;
      readonly position: bigint;
      /** An append that inserted its events (not a retry found already written, nor a delete). */
      readonly inserted: boolean;
    }
  | { readonly ok: false; readonly error: SerializedError };

/** The durability settings in force on the writer's own connection, as SQLite reports them back. */
export interface WriterSettings {
  /** `PRAGMA synchronous`: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
  readonly synchronous: number;
  /** `PRAGMA journal_mode`, lower case (`wal`). */
  readonly journalMode: string;
}

/**
 * Whether a group committed and, if it did, where: every event at a position after `before` (null: the file held
 * none) up to the last one inserted is one of the group's, all created at `committedAt` (epoch ms). The writer
 * reads `before` inside its write transaction, so no other writer's event can be among them.
 */
export type GroupOutcome =
  | { readonly committed: false }
  | { readonly committed: true; readonly before: bigint | null; readonly committedAt: bigint };

/**
 * When the writer thread handled a group, in epoch ms with sub-millisecond resolution (comparable across the
 * process's threads): each request's arrival in the writer (`received`, aligned with the replies), and the start
 * and end of the group's transaction (its COMMIT's fsync included).
 */
export interface GroupTiming {
  readonly received: readonly number[];
  readonly started: number;
  readonly ended: number;
}

/**
 * One group as the writer thread handled it, told just before its requests' replies (in the same post): whether
 * and where it committed, and its timing (`received` aligned with the replies that follow).
 */
export type GroupReport = GroupOutcome & { readonly timing: GroupTiming };

/**
 * The writer thread's protocol (@liars-dice/platform-threads' channel): every `write` that arrives in one
 * event-loop turn is one group, one transaction (group commit); `settings` reads the durability settings back;
 * `close` commits what is queued and ends the thread.
 */
export interface WriterProtocol {
  requests: { write: { arg: WriteRequest; reply: WriteResult }; settings: { arg: null; reply: WriterSettings } };
  toThread: { close: null };
  fromThread: { group: GroupReport };
}

export interface WriterData {
  readonly file: string;
}
