import { createRng, type Rng, STRATEGIES, type Strategy } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { decide, evolve, initialState, legalActions, type MatchCommand, type MatchEvent, type MatchState, playerView, RuleViolation } from '@liars-dice/game-rules';
import { commandOf } from '@liars-dice/game-bots';
import { colluding } from './colluder';
import type { Population, ScheduledMatch } from './population';

function apply(state: MatchState, command: MatchCommand, log: MatchEvent[]): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type} refused: ${events.code} ${events.message}`);
  log.push(...events);
  return events.reduce(evolve, state);
}

function strategyOf(population: Population, id: string): Strategy {
  const inner = STRATEGIES[population.levels.get(id) ?? 'medium'];
  const [a, b] = population.planted;
  if (id === a) return colluding(b, inner);
  if (id === b) return colluding(a, inner);
  return inner;
}

/**
 * Plays one scheduled match through the real engine and returns its events as a store would hold them:
 * the house's rolls and pulls from the fairness derivation, each seat acting on its own view.
 */
export function playRecorded(population: Population, match: ScheduledMatch, seedHex: string): MatchEvent[] {
  const log: MatchEvent[] = [];
  const rngs = new Map<string, Rng>(match.players.map((id) => [id, createRng(`${match.matchId}|${id}`)]));
  let state = apply(initialState, { type: 'CreateMatch', data: { matchId: match.matchId, ruleset: match.family, players: match.players, options: {} } }, log);
  for (let step = 0; state.status !== 'finished'; step++) {
    if (step > 100_000) throw new Error(`match ${match.matchId} did not finish`);
    const house = houseCommand(state, seedHex);
    if (house) {
      state = apply(state, house, log);
      continue;
    }
    if (state.status !== 'bidding') throw new Error(`match ${match.matchId} stuck in ${state.status}`);
    const player = state.toAct;
    const view = playerView(state, player);
    if (!view) throw new Error('no view for the player to act');
    const action = strategyOf(population, player)(view, legalActions(state, player), rngs.get(player) ?? createRng(player));
    state = apply(state, commandOf(action, player), log);
  }
  return log;
}
