import { Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TournamentCommandRunner, type TournamentOutcome } from '../tournament-command-runner';
import {
  AssignTableMatchCommand,
  CancelTournamentCommand,
  DisqualifyFromTournamentCommand,
  DrawSeatingCommand,
  PublishSeatingCommand,
  RecordTableResultCommand,
  ReinstateInTournamentCommand,
  RestoreTableCommand,
  StartTournamentCommand,
  type TournamentBusCommand,
  VoidTableCommand,
  WithdrawFromTournamentCommand,
} from './tournament.commands';

/**
 * The handler of a tournament command that is all in what it asks: run on the tournament's stream as asked
 * (libs/game/tournament decides it). Each command below has its own named handler class on this one body.
 */
@Injectable()
export abstract class RunsAsAsked implements ICommandHandler<TournamentBusCommand> {
  constructor(private readonly runner: TournamentCommandRunner) {}

  execute({ target, asked }: TournamentBusCommand): Promise<TournamentOutcome> {
    return this.runner.run(target, asked);
  }
}

// A player's or an organiser's.
@CommandHandler(WithdrawFromTournamentCommand)
export class WithdrawFromTournamentHandler extends RunsAsAsked {}

@CommandHandler(StartTournamentCommand)
export class StartTournamentHandler extends RunsAsAsked {}

@CommandHandler(CancelTournamentCommand)
export class CancelTournamentHandler extends RunsAsAsked {}

@CommandHandler(PublishSeatingCommand)
export class PublishSeatingHandler extends RunsAsAsked {}

@CommandHandler(DisqualifyFromTournamentCommand)
export class DisqualifyFromTournamentHandler extends RunsAsAsked {}

@CommandHandler(ReinstateInTournamentCommand)
export class ReinstateInTournamentHandler extends RunsAsAsked {}

// The director's.
@CommandHandler(DrawSeatingCommand)
export class DrawSeatingHandler extends RunsAsAsked {}

@CommandHandler(AssignTableMatchCommand)
export class AssignTableMatchHandler extends RunsAsAsked {}

@CommandHandler(RecordTableResultCommand)
export class RecordTableResultHandler extends RunsAsAsked {}

@CommandHandler(VoidTableCommand)
export class VoidTableHandler extends RunsAsAsked {}

@CommandHandler(RestoreTableCommand)
export class RestoreTableHandler extends RunsAsAsked {}
