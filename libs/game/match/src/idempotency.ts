import type { Actor } from './actor';
import type { CommandEntry } from './record';

/** Where the command ids a stream holds are looked up (a `CommandLog`, or a plain map in tests). */
export interface CommandIds {
  get(commandId: string): CommandEntry | undefined;
}
import { TableViolation } from './violation';

/** What a sender asks with a command id: compared with what the stream recorded under the same id. */
export interface CommandUse {
  readonly actor: string;
  readonly command: string;
  readonly request: Readonly<Record<string, unknown>>;
}

/**
 * Machine senders name their commands `cpu:<revision>`, `timeout:<revision>`, `expire:<revision>` and
 * `inactive:<revision>`; clients cannot use a colon.
 */
const CLIENT_COMMAND_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** A client's command id, checked: 1 to 100 letters, digits, `.`, `_`, `~` or `-`. */
export function checkCommandId(commandId: string, actor: Actor): TableViolation | null {
  if (actor.kind !== 'account' || CLIENT_COMMAND_ID.test(commandId)) return null;
  return new TableViolation('BAD_USER_INPUT', 'commandId: 1 to 100 letters, digits, ".", "_", "~" or "-", unique per command', 'commandId');
}

/** JSON with sorted keys and no undefined: the same values give the same text whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function differences(before: Readonly<Record<string, unknown>>, now: Readonly<Record<string, unknown>>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  return keys.filter((key) => canonical(before[key]) !== canonical(now[key])).map((key) => `${key} was ${canonical(before[key])}, now ${canonical(now[key])}`);
}

/**
 * Whether a command id was used before in this match (a stream remembers every id it holds). The revision
 * its first run ended at for an exact retry (same sender, same command, same values); null for a new id;
 * otherwise `IDEMPOTENCY_KEY_REUSED`, saying what differs. Ids are the sender's own: another account's id
 * (the public audit shows them) is refused, never answered with that account's result.
 */
export function priorUse(commands: CommandIds, commandId: string, use: CommandUse): bigint | null | TableViolation {
  const entry = commands.get(commandId);
  if (!entry) return null;
  const reused = (what: string): TableViolation =>
    new TableViolation('IDEMPOTENCY_KEY_REUSED', `commandId: ${commandId} was already used ${what}; send a new commandId for a new command`, 'commandId');
  if (entry.actor !== use.actor) return reused('by another sender');
  // Events written before commands were fingerprinted: the same sender's id is taken as a retry.
  if (entry.command === null) return entry.revision;
  if (entry.command !== use.command) return reused(`for ${entry.command}, not ${use.command}`);
  const changed = differences(entry.request ?? {}, use.request);
  return changed.length === 0 ? entry.revision : reused(`with other values (${changed.join('; ')})`);
}
