import type { MatchCommand } from './commands';
import type { MatchEvent } from './events';
import { createMatch, rollDice } from './decide-setup';
import { callLiar, callSpotOn, placeBid, timeOut } from './decide-turn';
import { forfeit, pullTrigger } from './decide-resolution';
import { RuleViolation } from './rule-violation';
import type { MatchState } from './state';

/**
 * Decides what a command means for the match: the events it produces, or the rule it breaks. Pure: dice,
 * chambers and time arrive inside commands, so the same state and command always decide the same events.
 */
export function decide(state: MatchState, command: MatchCommand): readonly MatchEvent[] | RuleViolation {
  if (!command || typeof command !== 'object' || !command.data || typeof command.data !== 'object') {
    return new RuleViolation('UNEXPECTED_COMMAND', 'a command is an object with a type and a data object');
  }
  switch (command.type) {
    case 'CreateMatch':
      return createMatch(state, command.data);
    case 'RollDice':
      return rollDice(state, command.data);
    case 'PlaceBid':
      return placeBid(state, command.data);
    case 'CallLiar':
      return callLiar(state, command.data);
    case 'CallSpotOn':
      return callSpotOn(state, command.data);
    case 'TimeOut':
      return timeOut(state, command.data);
    case 'PullTrigger':
      return pullTrigger(state, command.data);
    case 'Forfeit':
      return forfeit(state, command.data);
    default:
      return new RuleViolation('UNEXPECTED_COMMAND', `unknown command type ${JSON.stringify((command as { type: unknown }).type)}`);
  }
}
