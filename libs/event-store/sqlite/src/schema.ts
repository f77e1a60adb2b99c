/**
 * The file format. `application_id` marks a file as ours ('LDES'), `user_version` is the schema version.
 * Global position = rowid (INTEGER PRIMARY KEY); rows are never deleted, so a position is never reused.
 */
export const APPLICATION_ID = 0x4c444553;
export const SCHEMA_VERSION = 1;

export const SCHEMA = `
CREATE TABLE events (
  position INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created INTEGER NOT NULL,
  UNIQUE (stream, revision)
);
CREATE TABLE stream_deletions (
  stream TEXT PRIMARY KEY,
  deleted_up_to INTEGER NOT NULL
) WITHOUT ROWID;
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${SCHEMA_VERSION};
`;

export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, created';

export interface EventRow {
  readonly position: bigint;
  readonly id: string;
  readonly stream: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly created: bigint;
}
