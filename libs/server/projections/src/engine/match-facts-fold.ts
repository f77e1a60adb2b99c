import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import { MATCH_STREAM_PREFIX } from '@liars-dice/game-match';
import { evolveFacts, type MatchFacts, type ProjectedEvent } from '@liars-dice/game-projections';
import { toProjected } from './projected';

/** A match's facts after the event at `revision` of its stream (-1: before its first event). */
interface Known {
  readonly revision: number;
  readonly facts: MatchFacts | null;
}

/** What one match event of a batch changes: its facts before and after it (the same object when unchanged). */
export interface FoldedFacts {
  readonly before: MatchFacts | null;
  readonly after: MatchFacts | null;
}

/** A record of the batch and what the reducers see of it (null: not a match event they know). */
export interface Folding {
  readonly record: RecordedEvent;
  readonly projected: ProjectedEvent | null;
}

/** Where a match's facts must be read from the log: every event of its stream after `after`, up to `upTo`. */
interface Gap {
  readonly stream: string;
  readonly after: Known | null;
  readonly upTo: number;
}

/** A match's stream (the maps are keyed by stream name: no match id cut out of it per event). */
const isMatch = (stream: string): boolean => stream.startsWith(MATCH_STREAM_PREFIX);

const LIVE_LIMIT = 20_000;
const FINISHED_LIMIT = 2_000;

/**
 * The match facts of every match the projections follow, kept in memory only: facts are a function of the
 * match's stream up to an event, so they are folded once per event for every projection and never written.
 * Whatever memory lacks (after a start, a crash, an eviction, or for a projection replaying from behind) is
 * folded again from the match's own stream (`load`, before the batch), so nothing depends on what a previous
 * process kept. Storing them would cost every batch a write of each changed match's whole facts (ADR 0041).
 */
export class MatchFactsFold {
  /** By stream name: matches in play, least recently touched first; finished ones move to `finished` (moderation reads them rarely). */
  private readonly live = new Map<string, Known>();
  private readonly finished = new Map<string, Known>();

  constructor(private readonly limits = { live: LIVE_LIMIT, finished: FINISHED_LIMIT }) {}

  /**
   * The match events of `records` that are not folded yet, grouped by match: for each, where memory stops
   * and the revision the batch needs facts before. Only records `needed` (some projection applies them) count.
   */
  gaps(records: readonly RecordedEvent[], needed: (record: RecordedEvent) => boolean): Gap[] {
    let gaps: Gap[] | null = null;
    // A match's first needed event of the batch decides: the ones after it follow on in its stream.
    const seen = new Set<string>();
    for (const record of records) {
      const stream = record.streamName;
      if (!isMatch(stream) || seen.has(stream) || !needed(record)) continue;
      seen.add(stream);
      const revision = Number(record.revision);
      const known = this.peek(stream);
      if ((known?.revision ?? -1) !== revision - 1) (gaps ??= []).push({ stream, after: known && known.revision < revision ? known : null, upTo: revision });
    }
    return gaps ?? [];
  }

  /** Folds each gap's events from the match's stream (in parallel; a store read each). */
  async load(store: Pick<EventStore, 'readStreamIfExists'>, gaps: readonly Gap[]): Promise<void> {
    await Promise.all(
      gaps.map(async ({ stream, after, upTo }) => {
        const from = (after?.revision ?? -1) + 1;
        const events = upTo > from ? await store.readStreamIfExists(stream, { fromRevision: BigInt(from), maxCount: upTo - from }) : [];
        let known: Known = after ?? { revision: -1, facts: null };
        for (const event of events ?? []) known = this.step(known, event);
        if (known.revision !== upTo - 1) throw new Error(`${stream} ends at revision ${known.revision}, but an event at ${upTo} arrived`);
        this.remember(stream, known);
      }),
    );
  }

  /**
   * The facts before and after each needed match event of the batch, in order; memory moves to the batch's
   * end. Throws, before anything is applied, when `gaps` were not loaded first (`load`).
   */
  fold(items: readonly Folding[], needed: (record: RecordedEvent) => boolean): (FoldedFacts | null)[] {
    const folded = items.map(({ record, projected }) => {
      const stream = record.streamName;
      if (!isMatch(stream) || !needed(record)) return null;
      const known = this.peek(stream) ?? { revision: -1, facts: null };
      // What is remembered may have moved for the events before this one; the next `gaps` reads again.
      if (known.revision !== Number(record.revision) - 1) throw new Error(`match facts of ${stream} before revision ${record.revision} are not loaded: call ProjectionEngine.prepare first`);
      const next = this.step(known, record, projected);
      this.remember(stream, next);
      return { before: known.facts, after: next.facts };
    });
    // Trimmed only now: an eviction in the middle would lose a match the rest of the batch folds on.
    this.trim();
    return folded;
  }

  /** One event of the match's stream (one the reducers do not know still moves the revision). */
  private step(known: Known, record: RecordedEvent, projected = toProjected(record)): Known {
    return { revision: Number(record.revision), facts: projected ? evolveFacts(known.facts, projected) : known.facts };
  }

  private peek(stream: string): Known | undefined {
    return this.live.get(stream) ?? this.finished.get(stream);
  }

  private remember(stream: string, known: Known): void {
    const done = known.facts?.finishedAt != null;
    const [into, other] = done ? [this.finished, this.live] : [this.live, this.finished];
    other.delete(stream);
    into.delete(stream);
    into.set(stream, known);
  }

  private trim(): void {
    for (const [map, limit] of [[this.live, this.limits.live], [this.finished, this.limits.finished]] as const) {
      for (const stream of map.keys()) {
        if (map.size <= limit) break;
        map.delete(stream);
      }
    }
  }
}
