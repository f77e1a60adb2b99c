import { type RoundGame, type Seat } from './round-game';

/**
 * What a solved strategy keys on besides the seat's own hand: whose turn it is and the last `recall` claims of
 * the round (the whole bidding while it is no longer than that). Every history that ends in the same claims
 * shares one node and goes on the same way, so the graph stays small where the full bidding tree (2^claims
 * histories) does not. With `recall` at least the number of claims it is the perfect-recall game itself.
 */
export interface RecallNode {
  readonly seat: Seat;
  /** The remembered claims (ladder indices), oldest first; the last is the claim to answer. */
  readonly recent: readonly number[];
  /** LIAR, SPOT_ON or a claim index, in the game's order (calls first). */
  readonly actions: readonly number[];
  /** The node each action leads to, −1 for calls. */
  readonly children: Int32Array;
}

export interface RecallGraph {
  readonly recall: number;
  /** Topological order: the root first, then by last claim, so every edge points forward. */
  readonly nodes: readonly RecallNode[];
}

export function lastOf(recent: readonly number[]): number {
  return recent.length > 0 ? (recent[recent.length - 1] as number) : -1;
}

export function recallGraph(game: RoundGame, recall: number): RecallGraph {
  if (!Number.isInteger(recall) || recall < 1) throw new Error(`recall must be a whole number ≥ 1, got ${recall}`);
  type Draft = { seat: Seat; recent: number[]; actions: number[]; next: (string | null)[] };
  const drafts = new Map<string, Draft>();
  const queue: string[] = [];
  const visit = (seat: Seat, recent: number[]): string => {
    const key = `${seat}:${recent.join(',')}`;
    if (!drafts.has(key)) {
      drafts.set(key, { seat, recent, actions: [], next: [] });
      queue.push(key);
    }
    return key;
  };
  visit(0, []);
  for (let i = 0; i < queue.length; i++) {
    const draft = drafts.get(queue[i] as string) as Draft;
    draft.actions = game.actionsAfter(draft.seat, lastOf(draft.recent));
    const other: Seat = draft.seat === 0 ? 1 : 0;
    draft.next = draft.actions.map((action) => (action < 0 ? null : visit(other, [...draft.recent, action].slice(-recall))));
  }
  const ordered = [...drafts.entries()].sort(([, a], [, b]) => lastOf(a.recent) - lastOf(b.recent));
  const index = new Map(ordered.map(([key], i) => [key, i]));
  const nodes = ordered.map(([, draft]) => ({
    seat: draft.seat,
    recent: draft.recent,
    actions: draft.actions,
    children: Int32Array.from(draft.next, (key) => (key === null ? -1 : (index.get(key) as number))),
  }));
  return { recall, nodes };
}
