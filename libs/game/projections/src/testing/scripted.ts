import { decide, evolve, initialState, type MatchCommand, type MatchEvent, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import type { ProjectedEvent } from '../projected-event';
import { lobbyEvents, type TableSetup } from './sample-matches';

/** A stored match from the lobby and exact engine commands (given dice), for tests that check numbers. */
export function scripted(setup: TableSetup, commands: readonly MatchCommand[]): ProjectedEvent[] {
  const players = setup.accounts.map((_, i) => `s${i + 1}`);
  const engine: MatchEvent[] = [];
  let state: MatchState = initialState;
  const create: MatchCommand = { type: 'CreateMatch', data: { matchId: setup.matchId, ruleset: setup.ruleset ?? 'perudo', options: {}, players } };
  for (const command of [create, ...commands]) {
    const events = decide(state, command);
    if (events instanceof RuleViolation) throw new Error(`${command.type}: ${events.code} ${events.message}`);
    engine.push(...events);
    state = events.reduce(evolve, state);
  }
  return [...lobbyEvents(setup), ...engine].map<ProjectedEvent>((event, index) => ({ matchId: setup.matchId, index, event, actor: null, commandId: null, at: (setup.at ?? 0) + index }));
}

export function roll(dice: Record<string, number[]>): MatchCommand {
  return { type: 'RollDice', data: { dice } } as MatchCommand;
}
export const bid = (by: string, quantity: number, face: number): MatchCommand => ({ type: 'PlaceBid', data: { by, quantity, face } }) as MatchCommand;
export const liar = (by: string): MatchCommand => ({ type: 'CallLiar', data: { by } });
export const spotOn = (by: string): MatchCommand => ({ type: 'CallSpotOn', data: { by } });
