import { auditEntry } from '@liars-dice/game-projections';
import type { ProjectionFactory } from '../../engine/projection';
import { positionKey } from '../../read-database';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_entries (
  match_id TEXT NOT NULL, idx INTEGER NOT NULL, position TEXT NOT NULL, type TEXT NOT NULL, actor TEXT, command_id TEXT,
  at INTEGER NOT NULL, outcome TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (match_id, idx)
) WITHOUT ROWID;`;

/**
 * Every event of every match with actor, time, command id and outcome, stored whole (minus the sealed seed):
 * the audience's redaction happens when read. The replay timeline folds these same rows.
 */
export const auditProjection: ProjectionFactory = (db) => {
  db.exec(SCHEMA);
  const insert = db.prepare('INSERT OR REPLACE INTO audit_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  return {
    name: 'audit',
    tables: ['audit_entries'],
    usesFacts: false,
    apply({ event, position }) {
      const entry = auditEntry(event);
      insert.run(event.matchId, entry.index, positionKey(position), entry.type, entry.actor, entry.commandId, entry.at, entry.outcome, JSON.stringify(entry.data));
    },
  };
};
