import type { Face } from '@liars-dice/game-rules';
import type { StreamEvent } from '@liars-dice/game-match';

/**
 * One stored event of a `match-<id>` stream as a reducer sees it: the event (typed by libs/game/match, the
 * stream's one schema) plus who, when and why, from its metadata.
 */
export interface ProjectedEvent<E extends StreamEvent = StreamEvent> {
  readonly matchId: string;
  /** 0-based index in the match's stream. */
  readonly index: number;
  readonly event: E;
  /** `account:<id>`, `cpu:<seat>`, `timer` or null (metadata.actor). */
  readonly actor: string | null;
  readonly commandId: string | null;
  /** Epoch milliseconds the writer recorded it. */
  readonly at: number;
}

export type Hands = Readonly<Record<string, readonly Face[]>>;
