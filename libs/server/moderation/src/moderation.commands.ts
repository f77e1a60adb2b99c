import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '@liars-dice/server-auth';
import { type Acted, type DisputeAction, DisputeDesk, type Filing } from './dispute-desk';
import { type Lift, SanctionDesk } from './sanction-desk';

/** A player (or a moderator on their own) files a dispute. */
export class FileDisputeCommand extends Command<Acted> {
  constructor(
    readonly by: Principal,
    readonly commandId: string,
    readonly filing: Filing,
  ) {
    super();
  }
}

/** Anything done to an existing dispute: claim, release, note, rule, confirm, reject, appeal, decide. */
export class ActOnDisputeCommand extends Command<Acted> {
  constructor(
    readonly by: Principal,
    readonly commandId: string,
    readonly disputeId: string,
    readonly action: DisputeAction,
  ) {
    super();
  }
}

export class LiftSanctionCommand extends Command<Awaited<ReturnType<SanctionDesk['lift']>>> {
  constructor(
    readonly by: Principal,
    readonly commandId: string,
    readonly lift: Lift,
  ) {
    super();
  }
}

@Injectable()
@CommandHandler(FileDisputeCommand)
export class FileDisputeHandler implements ICommandHandler<FileDisputeCommand> {
  constructor(private readonly desk: DisputeDesk) {}

  execute({ by, commandId, filing }: FileDisputeCommand): Promise<Acted> {
    return this.desk.file(by, commandId, filing);
  }
}

@Injectable()
@CommandHandler(ActOnDisputeCommand)
export class ActOnDisputeHandler implements ICommandHandler<ActOnDisputeCommand> {
  constructor(private readonly desk: DisputeDesk) {}

  execute({ by, commandId, disputeId, action }: ActOnDisputeCommand): Promise<Acted> {
    return this.desk.act(by, commandId, disputeId, action);
  }
}

@Injectable()
@CommandHandler(LiftSanctionCommand)
export class LiftSanctionHandler implements ICommandHandler<LiftSanctionCommand> {
  constructor(private readonly desk: SanctionDesk) {}

  execute({ by, commandId, lift }: LiftSanctionCommand) {
    return this.desk.lift(by, commandId, lift);
  }
}

export const MODERATION_HANDLERS = [FileDisputeHandler, ActOnDisputeHandler, LiftSanctionHandler];
