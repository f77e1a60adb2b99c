/** What a match stream remembers of each command id: where its batch ended and what was asked. */
export interface CommandEntry {
  /** Revision of the last event the command appended. */
  readonly revision: bigint;
  readonly actor: string | null;
  /** Null for events written before commands were fingerprinted. */
  readonly command: string | null;
  readonly request: Readonly<Record<string, unknown>> | null;
}

/**
 * An entry as the log keeps it: its id, the revision as a number (a small integer needs no heap object, a bigint
 * does; a stream's revisions stay far below 2^53), the actor and the command name as the log's one copy of each.
 */
interface Kept {
  readonly id: string;
  readonly revision: number;
  readonly actor: string | null;
  readonly command: string | null;
  readonly request: Readonly<Record<string, unknown>> | null;
}

/** Distinct actors and command names a log keeps one copy of (a match has a handful; a tournament more). */
const MAX_WORDS = 64;
/** One shared request for the commands that carry no values (calls, starts, leaves). */
const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The command ids a stream holds, persistent: `with` returns a new log and leaves the old one as it was, so
 * records that caches share are never changed. A log is one map, shared by every log made from it, plus the
 * entries added since in a short list (newest last) that each `with` copies; every `FLATTEN_AFTER` entries the
 * list is merged into a new map. Extending costs a few entries, not the whole match, and a match in play holds
 * one map and one short list instead of a map per fold: live data that grows with the tables (ADR 0028).
 */
export class CommandLog {
  private static readonly FLATTEN_AFTER = 16;
  static readonly empty = new CommandLog(new Map(), [], []);

  private constructor(
    private readonly merged: ReadonlyMap<string, Kept>,
    /** Entries added since `merged`, oldest first (a later entry for an id replaces an earlier one). */
    private readonly recent: readonly Kept[],
    /** The one copy of each actor and command name the entries point at (each arrives as its own string). */
    private readonly words: readonly string[],
  ) {}

  get(commandId: string): CommandEntry | undefined {
    // Newest first; a new id (every command's first look-up) misses the list and the map.
    let kept: Kept | undefined;
    for (let i = this.recent.length - 1; i >= 0 && !kept; i--) if ((this.recent[i] as Kept).id === commandId) kept = this.recent[i];
    kept ??= this.merged.get(commandId);
    return kept && { revision: BigInt(kept.revision), actor: kept.actor, command: kept.command, request: kept.request };
  }

  with(entries: ReadonlyMap<string, CommandEntry>): CommandLog {
    if (entries.size === 0) return this;
    const words = new Words(this.words);
    const recent = [...this.recent];
    for (const [id, entry] of entries) recent.push(compact(id, entry, words));
    if (recent.length <= CommandLog.FLATTEN_AFTER) return new CommandLog(this.merged, recent, words.list);
    const merged = new Map(this.merged);
    for (const kept of recent) merged.set(kept.id, kept);
    return new CommandLog(merged, [], words.list);
  }
}

/** A log's words, copied only when one is added (most folds add none). */
class Words {
  constructor(public list: readonly string[]) {}

  /** The log's copy of `text` (added while there is room: past that, kept as given). */
  of(text: string | null): string | null {
    if (text === null) return null;
    const known = this.list.indexOf(text);
    if (known >= 0) return this.list[known] as string;
    if (this.list.length < MAX_WORDS) this.list = [...this.list, text];
    return text;
  }
}

function compact(id: string, entry: CommandEntry, words: Words): Kept {
  const request = entry.request !== null && Object.keys(entry.request).length === 0 ? NO_VALUES : entry.request;
  return { id, revision: Number(entry.revision), actor: words.of(entry.actor), command: words.of(entry.command), request };
}
