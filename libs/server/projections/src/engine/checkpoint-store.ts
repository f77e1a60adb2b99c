import { positionKey, positionOf, type ReadDb } from '../read-database';

/** Where a projection stopped: the event it could not apply, its position, and the error. */
export interface ProjectionFailure {
  readonly eventId: string;
  readonly stream: string;
  readonly type: string;
  readonly position: bigint;
  readonly error: string;
}

export interface ProjectionState {
  readonly name: string;
  /** The last position applied (the checkpoint); null before the first event. */
  readonly position: bigint | null;
  readonly events: number;
  readonly failure: ProjectionFailure | null;
}

interface CheckpointRow {
  name: string;
  position: string | null;
  events: number;
  failed_event_id: string | null;
  failed_stream: string | null;
  failed_position: string | null;
  failed_type: string | null;
  error: string | null;
}

function stateOf(row: CheckpointRow): ProjectionState {
  const failure =
    row.failed_event_id !== null
      ? { eventId: row.failed_event_id, stream: row.failed_stream ?? '', type: row.failed_type ?? '', position: positionOf(row.failed_position ?? '0'), error: row.error ?? '' }
      : null;
  return { name: row.name, position: row.position === null ? null : positionOf(row.position), events: row.events, failure };
}

/**
 * Each projection's checkpoint row (`projection_checkpoints`): its position, events applied and the failure
 * that stopped it. Saved inside the transaction of the writes it covers, so a crash never separates them.
 */
export class CheckpointStore {
  private readonly load;
  private readonly save;
  private readonly ensure;

  constructor(db: ReadDb) {
    this.load = db.prepare('SELECT * FROM projection_checkpoints WHERE name = ?');
    this.ensure = db.prepare('INSERT OR IGNORE INTO projection_checkpoints (name) VALUES (?)');
    this.save = db.prepare(`UPDATE projection_checkpoints SET position = ?, events = ?, failed_event_id = ?, failed_stream = ?,
      failed_position = ?, failed_type = ?, error = ? WHERE name = ?`);
  }

  /** The recorded state; a row is made for a projection seen for the first time. */
  read(name: string): ProjectionState {
    this.ensure.run(name);
    return stateOf(this.load.get(name) as CheckpointRow);
  }

  write({ name, position, events, failure }: ProjectionState): void {
    const failed = failure ? [failure.eventId, failure.stream, positionKey(failure.position), failure.type, failure.error] : [null, null, null, null, null];
    this.save.run(position === null ? null : positionKey(position), events, ...failed, name);
  }
}

/** The checkpoints as recorded, read through any connection to the read database (the API's reading one). */
export function recordedStates(db: ReadDb, names: readonly string[]): ProjectionState[] {
  const load = db.prepare('SELECT * FROM projection_checkpoints WHERE name = ?');
  return names.flatMap((name) => {
    const row = load.get(name) as CheckpointRow | undefined;
    return row ? [stateOf(row)] : [];
  });
}
