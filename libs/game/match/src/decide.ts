import type { RuleViolation } from '@liars-dice/game-rules';
import type { TableCommand } from './commands';
import { closeLobby, expireLobby, joinMatch, leaveMatch, openMatch, startMatch } from './decide-lobby';
import { callLiar, callSpotOn, placeBid, timeOut } from './decide-play';
import { expireInactivity } from './inactivity';
import type { StreamEvent } from './events';
import type { TableState } from './state';
import type { TableViolation } from './violation';

/**
 * Decides what a command means for a match: the lobby's and the engine's events it produces, or the rule it
 * breaks (a `TableViolation` for the lobby, the engine's `RuleViolation` for play). Pure: the seed and the
 * time arrive inside commands; the house's rolls and pulls are added after, by whoever appends.
 */
export function decideTable(state: TableState, command: TableCommand): readonly StreamEvent[] | TableViolation | RuleViolation {
  switch (command.type) {
    case 'OpenMatch':
      return openMatch(state, command.data);
    case 'JoinMatch':
      return joinMatch(state, command.data);
    case 'StartMatch':
      return startMatch(state, command.data);
    case 'CloseLobby':
      return closeLobby(state, command.data);
    case 'ExpireLobby':
      return expireLobby(state, command.data);
    case 'LeaveMatch':
      return leaveMatch(state, command.data);
    case 'PlaceBid':
      return placeBid(state, command.data);
    case 'CallLiar':
      return callLiar(state, command.data);
    case 'CallSpotOn':
      return callSpotOn(state, command.data);
    case 'TimeOut':
      return timeOut(state, command.data);
    case 'ExpireInactivity':
      return expireInactivity(state, command.data);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
