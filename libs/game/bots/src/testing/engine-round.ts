import {
  type Action,
  decide,
  evolve,
  initialState,
  legalActions,
  type MatchCommand,
  type MatchState,
  type Ruleset,
  RuleViolation,
} from '@liars-dice/game-rules';
import { commandOf } from '../match';

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type}: ${events.code} ${events.message}`);
  return events.reduce(evolve, state);
}

export interface EngineRound {
  readonly ruleset: Ruleset;
  readonly options: Record<string, unknown>;
  readonly palifico: boolean;
  /** Seat s0 opens; each hand as rolled. */
  readonly hands: readonly [readonly number[], readonly number[]];
}

/** A heads-up round in the real engine: seats set to the hands' sizes, the hands rolled, then `actions` played in turn. */
export function playRound(round: EngineRound, actions: readonly Action[]): MatchState {
  const players = ['s0', 's1'];
  const created = apply(initialState, { type: 'CreateMatch', data: { matchId: 'engine-round', ruleset: round.ruleset, options: round.options, players, starter: 's0' } });
  if (created.status !== 'awaiting-roll') throw new Error('the match was not created');
  const seats = created.seats.map((seat, i) => ({ ...seat, dice: round.hands[i]?.length ?? 0 }));
  let state: MatchState = { ...created, seats, next: { number: 1, starter: 's0', palifico: round.palifico } };
  state = apply(state, { type: 'RollDice', data: { dice: { s0: [...round.hands[0]], s1: [...round.hands[1]] } } });
  actions.forEach((action, i) => (state = apply(state, commandOf(action, players[i % 2] as string))));
  return state;
}

export function legalNow(state: MatchState): readonly Action[] {
  return state.status === 'bidding' ? legalActions(state, state.toAct) : [];
}
