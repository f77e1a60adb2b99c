import type { TournamentCommand } from './commands';
import { createTournament } from './decide-create';
import { disqualifyPlayer, withdrawPlayer } from './decide-leave';
import { cancelTournament, checkIn, registerPlayer, startTournament } from './decide-registration';
import { reinstatePlayer } from './decide-reinstate';
import { draftSeating, publishSeating } from './decide-seating';
import { assignTableMatch, recordTableResult, restoreTable, voidTable } from './decide-tables';
import type { TournamentEvent } from './events';
import type { Tournament, TournamentState } from './state';
import { TournamentViolation } from './tournament-violation';

type Decision = readonly TournamentEvent[] | TournamentViolation;

/**
 * Decides what a command means for the tournament: its events, or the rule it breaks, as a value. Pure: time,
 * lots and seating draws arrive inside commands, so the same state and command always decide the same events.
 * An empty list means the command was already applied (the process manager may repeat itself safely).
 */
export function decide(state: TournamentState, command: TournamentCommand): Decision {
  if (!command || typeof command !== 'object' || !command.data || typeof command.data !== 'object') {
    return new TournamentViolation('UNEXPECTED_COMMAND', 'a command is an object with a type and a data object');
  }
  if (typeof command.data.at !== 'number' || !Number.isFinite(command.data.at)) {
    return new TournamentViolation('UNEXPECTED_COMMAND', 'at: expected the time in milliseconds');
  }
  if (command.type === 'CreateTournament') return createTournament(state, command.data);
  if (state.status === 'none') return new TournamentViolation('NO_TOURNAMENT', 'the tournament does not exist');
  return decideExisting(state, command);
}

function decideExisting(state: Tournament, command: Exclude<TournamentCommand, { type: 'CreateTournament' }>): Decision {
  switch (command.type) {
    case 'RegisterPlayer':
      return registerPlayer(state, command.data);
    case 'WithdrawPlayer':
      return withdrawPlayer(state, command.data);
    case 'CheckIn':
      return checkIn(state, command.data);
    case 'StartTournament':
      return startTournament(state, command.data);
    case 'CancelTournament':
      return cancelTournament(state, command.data);
    case 'DraftSeating':
      return draftSeating(state, command.data);
    case 'PublishSeating':
      return publishSeating(state, command.data);
    default:
      return decideTables(state, command);
  }
}

function decideTables(state: Tournament, command: TournamentCommand): Decision {
  switch (command.type) {
    case 'AssignTableMatch':
      return assignTableMatch(state, command.data);
    case 'RecordTableResult':
      return recordTableResult(state, command.data);
    case 'VoidTable':
      return voidTable(state, command.data);
    case 'RestoreTable':
      return restoreTable(state, command.data);
    case 'DisqualifyPlayer':
      return disqualifyPlayer(state, command.data);
    case 'ReinstatePlayer':
      return reinstatePlayer(state, command.data);
    default:
      return new TournamentViolation('UNEXPECTED_COMMAND', `unknown command type ${JSON.stringify((command as { type: unknown }).type)}`);
  }
}
