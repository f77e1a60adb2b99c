import { appealRuling, decideAppeal } from './decide-appeal';
import { fileDispute } from './decide-filing';
import { addNote, claimDispute, releaseDispute } from './decide-review';
import { confirmRuling, rejectRuling, ruleDispute } from './decide-ruling';
import type { DisputeCommand } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import type { DisputesState } from './dispute-state';
import { ModerationViolation } from './moderation-violation';

function malformed(command: unknown): boolean {
  if (!command || typeof command !== 'object') return true;
  const { data } = command as { data?: unknown };
  if (!data || typeof data !== 'object') return true;
  const { by, at } = data as { by?: { id?: unknown }; at?: unknown };
  return !by || typeof by.id !== 'string' || typeof at !== 'number' || !Number.isFinite(at);
}

/**
 * Decides what a moderation command means for a match's disputes: the events it appends, or the rule it
 * breaks. Pure: the sender (with the role the server checked), the time and the policy come in the command.
 */
export function decideDispute(state: DisputesState, command: DisputeCommand): readonly DisputeEvent[] | ModerationViolation {
  if (malformed(command)) return new ModerationViolation('INVALID_COMMAND', 'a command has a type and data with by (an account) and at (a time)');
  switch (command.type) {
    case 'FileDispute':
      return fileDispute(state, command.data);
    case 'ClaimDispute':
      return claimDispute(state, command.data);
    case 'ReleaseDispute':
      return releaseDispute(state, command.data);
    case 'AddNote':
      return addNote(state, command.data);
    case 'RuleDispute':
      return ruleDispute(state, command.data);
    case 'ConfirmRuling':
      return confirmRuling(state, command.data);
    case 'RejectRuling':
      return rejectRuling(state, command.data);
    case 'AppealRuling':
      return appealRuling(state, command.data);
    case 'DecideAppeal':
      return decideAppeal(state, command.data);
    default:
      return new ModerationViolation('INVALID_COMMAND', `unknown command type ${JSON.stringify((command as { type: unknown }).type)}`);
  }
}
