import { decide, evolve, initialState, legalActions, RuleViolation, RULESETS, type Action, type MatchCommand, type MatchEvent, type MatchState, type Ruleset } from '@liars-dice/game-rules';
import { houseCommand } from '@liars-dice/game-fairness';
import { seedHexOf } from '@liars-dice/game-scenario';

/** A small deterministic generator (mulberry32) so every benchmark run plays the same matches. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RecordedMatch {
  readonly ruleset: Ruleset;
  readonly players: readonly string[];
  readonly events: readonly MatchEvent[];
  /** The players' actions in order, in scenario-file form. */
  readonly actions: readonly Record<string, unknown>[];
}

function actionCommand(by: string, action: Action): MatchCommand {
  if (action.type === 'bid') return { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } };
  return { type: action.type === 'liar' ? 'CallLiar' : 'CallSpotOn', data: { by } };
}

function scenarioAction(by: string, action: Action): Record<string, unknown> {
  return action.type === 'bid' ? { by, bid: [action.quantity, action.face] } : { by, call: action.type };
}

/** Plays one complete match: house dice from the fairness algorithm, players picking plausible legal moves. */
export function recordMatch(index: number): RecordedMatch {
  const random = seeded(index + 1);
  const ruleset = RULESETS[index % RULESETS.length] as Ruleset;
  const players = ['ann', 'bob', 'cyd', 'dee', 'eve', 'fay'].slice(0, 2 + (index % 5));
  const seed = seedHexOf(index);
  const events: MatchEvent[] = [];
  const actions: Record<string, unknown>[] = [];
  let state: MatchState = initialState;
  const apply = (command: MatchCommand) => {
    const decided = decide(state, command);
    if (decided instanceof RuleViolation) throw decided;
    for (const event of decided) state = evolve(state, event);
    events.push(...decided);
  };
  apply({ type: 'CreateMatch', data: { matchId: `bench-${index}`, ruleset, players } });
  while (state.status !== 'finished') {
    const house = houseCommand(state, seed);
    if (house) {
      apply(house);
      continue;
    }
    if (state.status !== 'bidding') throw new Error(`unexpected status ${state.status}`);
    const legal = legalActions(state, state.toAct);
    const calls = legal.filter((a) => a.type !== 'bid');
    const bids = legal.filter((a) => a.type === 'bid').slice(0, 4);
    const pool = calls.length > 0 && (bids.length === 0 || random() < 0.3) ? calls : bids;
    const action = pool[Math.floor(random() * pool.length)] as Action;
    actions.push(scenarioAction(state.toAct, action));
    apply(actionCommand(state.toAct, action));
  }
  return { ruleset, players, events, actions };
}
