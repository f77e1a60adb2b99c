import type { Action } from '../legal-actions';
import type { MatchCommand } from '../commands';
import { RULESETS, type Ruleset } from '../vocabulary';
import type { MatchState } from '../state';

/** mulberry32: a tiny seeded generator for test dice (libs/game never uses Math.random). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TableSpec {
  readonly ruleset: Ruleset;
  readonly players: readonly string[];
  readonly options: Record<string, unknown>;
}

/** Every family, 2–6 players, and options drawn from each family's documented ranges (turn timers included). */
export function randomTable(random: () => number): TableSpec {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const ruleset = pick(RULESETS);
  const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].slice(0, 2 + Math.floor(random() * 5));
  const wildOnes = random() < 0.75;
  const turnSeconds = pick([null, 10, 60, 600]);
  const options: Record<string, Record<string, unknown>> = {
    classic: { wildOnes, startingDice: pick([3, 4, 5]), turnSeconds },
    perudo: { wildOnes, spotOn: random() < 0.8, palifico: random() < 0.8, turnSeconds },
    revolver: { wildOnes, spotOn: random() < 0.8, bullets: pick([1, 2, 3, 4, 5]), turnSeconds: turnSeconds ?? 30 },
  };
  return { ruleset, players, options: options[ruleset] ?? {} };
}

/** The house's next command with dice and chambers from `random`, or null when a player must act. */
export function randomHouseCommand(state: MatchState, random: () => number): MatchCommand | null {
  const face = () => 1 + Math.floor(random() * 6);
  if (state.status === 'awaiting-roll') {
    const dice = Object.fromEntries(state.seats.filter((s) => !s.out).map((s) => [s.id, Array.from({ length: s.dice }, face)]));
    return { type: 'RollDice', data: { dice } };
  }
  if (state.status === 'resolving' && state.shotsDue.length > 0) return { type: 'PullTrigger', data: { chamber: face() } };
  return null;
}

/**
 * Any legal action, weighted: a call about a third of the time when one is legal, otherwise a bid, each bid with
 * weight 1 / (1 + quantity − the lowest legal quantity of its face), so every legal bid (the highest included)
 * can be drawn while rounds still last several bids.
 */
export function pickAction(actions: readonly Action[], random: () => number): Action {
  const bids = actions.filter((a) => a.type === 'bid');
  const calls = actions.filter((a) => a.type !== 'bid');
  if (calls.length > 0 && (bids.length === 0 || random() < 0.35)) return calls[Math.floor(random() * calls.length)] as Action;
  const lowest = new Map<number, number>();
  for (const bid of bids) lowest.set(bid.face, Math.min(lowest.get(bid.face) ?? bid.quantity, bid.quantity));
  const weights = bids.map((bid) => 1 / (1 + bid.quantity - (lowest.get(bid.face) ?? bid.quantity)));
  let ticket = random() * weights.reduce((sum, w) => sum + w, 0);
  for (const [i, bid] of bids.entries()) {
    ticket -= weights[i] ?? 0;
    if (ticket <= 0) return bid;
  }
  return bids.at(-1) ?? (actions[0] as Action);
}

export function commandFor(by: string, action: Action): MatchCommand {
  if (action.type === 'bid') return { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } };
  return action.type === 'liar' ? { type: 'CallLiar', data: { by } } : { type: 'CallSpotOn', data: { by } };
}
