import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, handleMatchCommand, MatchCommandContext } from './handle-match-command';
import { CallLiarCommand, CallSpotOnCommand, PlaceBidCommand } from './match.commands';

// The moves of a started match, from a player or a CPU seat: what each asks is decided by libs/game/match.

@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, quantity, face }: PlaceBidCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, {
      type: 'PlaceBid',
      data: { actor: target.actor, quantity, face },
    });
  }
}

@CommandHandler(CallLiarCommand)
export class CallLiarHandler implements ICommandHandler<CallLiarCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target }: CallLiarCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'CallLiar', data: { actor: target.actor } });
  }
}

@CommandHandler(CallSpotOnCommand)
export class CallSpotOnHandler implements ICommandHandler<CallSpotOnCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target }: CallSpotOnCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'CallSpotOn', data: { actor: target.actor } });
  }
}
