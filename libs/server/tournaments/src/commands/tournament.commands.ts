import { Command } from '@nestjs/cqrs';
import type { UntimedTournamentCommand } from '@liars-dice/game-tournament';
import type { TournamentOutcome, TournamentTarget } from '../tournament-command-runner';

/** A tournament command on the bus: where it goes, and what it asks of the tournament's decider. */
export abstract class TournamentBusCommand extends Command<TournamentOutcome> {
  constructor(
    readonly target: TournamentTarget,
    readonly asked: UntimedTournamentCommand,
  ) {
    super();
  }
}

/** A new tournament; its handler draws the seed and names it after the organiser and the command id. */
export class CreateTournamentCommand extends Command<TournamentOutcome> {
  constructor(
    readonly target: Omit<TournamentTarget, 'tournamentId'>,
    readonly asked: Extract<UntimedTournamentCommand, { type: 'CreateTournament' }>['data'] extends infer D
      ? Omit<D, 'tournamentId' | 'fairness'>
      : never,
  ) {
    super();
  }
}

// One class per command, so the bus's metrics name each (the command gate labels by class name).
export class RegisterForTournamentCommand extends TournamentBusCommand {}
export class WithdrawFromTournamentCommand extends TournamentBusCommand {}
export class CheckInCommand extends TournamentBusCommand {}
export class StartTournamentCommand extends TournamentBusCommand {}
export class CancelTournamentCommand extends TournamentBusCommand {}
export class PublishSeatingCommand extends TournamentBusCommand {}
export class DisqualifyFromTournamentCommand extends TournamentBusCommand {}
/** Moderation lifted the sanction that disqualified a player, and nothing else bars them: back in if possible. */
export class ReinstateInTournamentCommand extends TournamentBusCommand {}
/** The director's: the house draws the round due; a table's match assigned; a result; a void and its lifting. */
export class DrawSeatingCommand extends TournamentBusCommand {}
export class AssignTableMatchCommand extends TournamentBusCommand {}
export class RecordTableResultCommand extends TournamentBusCommand {}
export class VoidTableCommand extends TournamentBusCommand {}
export class RestoreTableCommand extends TournamentBusCommand {}
