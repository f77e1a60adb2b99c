import path from 'node:path';
import type { ExpectedRevision, PreparedEvent } from '@liars-dice/event-store-port';

/** The BroadcastChannel on which the writer thread announces each commit to readers in other threads. */
export function commitChannelName(file: string): string {
  return `liars-dice:sqlite-commits:${path.resolve(file)}`;
}

/** Messages between the store (main thread) and its writer thread. Bigints cross as structured clones. */
export type WriteRequest =
  | {
      readonly kind: 'append';
      readonly requestId: number;
      readonly stream: string;
      readonly expectedRevision: ExpectedRevision;
      readonly events: readonly PreparedEvent[];
    }
  | {
      readonly kind: 'delete';
      readonly requestId: number;
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
      readonly requestId: number;
      readonly ok: true;
      readonly lastRevision: bigint;
      readonly position: bigint;
      /** An append that inserted its events (not a retry found already written, nor a delete). */
      readonly inserted: boolean;
    }
  | { readonly requestId: number; readonly ok: false; readonly error: SerializedError };

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

export type ToWriter =
  | { readonly kind: 'write'; readonly requests: readonly WriteRequest[] }
  | { readonly kind: 'settings' }
  | { readonly kind: 'close' };

/**
 * When the writer thread handled a group, in epoch ms with sub-millisecond resolution (comparable across the
 * process's threads): each request's arrival in the writer (`received`, aligned with `results`), and the start
 * and end of the group's transaction (its COMMIT's fsync included).
 */
export interface GroupTiming {
  readonly received: readonly number[];
  readonly started: number;
  readonly ended: number;
}

export type FromWriter =
  | { readonly kind: 'ready' }
  | ({ readonly kind: 'results'; readonly results: readonly WriteResult[]; readonly timing: GroupTiming } & GroupOutcome)
  | ({ readonly kind: 'settings' } & WriterSettings)
  | { readonly kind: 'fatal'; readonly message: string };

export interface WriterData {
  readonly file: string;
}
