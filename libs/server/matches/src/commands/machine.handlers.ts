import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf, FAIRNESS_VERSION } from '@liars-dice/game-fairness';
import { SeedVault } from '../seed-vault';
import { type CommandOutcome, handleMatchCommand, MatchCommandContext } from './handle-match-command';
import {
  DirectTableCommand,
  ExpireInactivityCommand,
  ExpireLobbyCommand,
  OpenTableMatchCommand,
  TimeOutCommand,
} from './match.commands';

// The server's own senders: the turn, lobby and inactivity timers, and a tournament's director on its tables' matches.

@CommandHandler(TimeOutCommand)
export class TimeOutHandler implements ICommandHandler<TimeOutCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target }: TimeOutCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'TimeOut', data: {} });
  }
}

@CommandHandler(ExpireLobbyCommand)
export class ExpireLobbyHandler implements ICommandHandler<ExpireLobbyCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, idleSince, settings }: ExpireLobbyCommand): Promise<CommandOutcome> {
    // A copy of the two numbers, not the server's whole settings object, goes to the decider.
    const { lobbyIdleSeconds, lobbyIdleMaxSeconds } = settings;
    return handleMatchCommand(this.context, target, {
      type: 'ExpireLobby',
      data: { idleSince, settings: { lobbyIdleSeconds, lobbyIdleMaxSeconds } },
    });
  }
}

@CommandHandler(ExpireInactivityCommand)
export class ExpireInactivityHandler implements ICommandHandler<ExpireInactivityCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, idleSince, settings }: ExpireInactivityCommand): Promise<CommandOutcome> {
    const { inactivitySeconds, soloInactivitySeconds } = settings;
    return handleMatchCommand(this.context, target, {
      type: 'ExpireInactivity',
      data: { idleSince, settings: { inactivitySeconds, soloInactivitySeconds } },
    });
  }
}

/** A tournament table's match: the same seed drawing as any opening, under the id the tournament chose. */
@CommandHandler(OpenTableMatchCommand)
export class OpenTableMatchHandler implements ICommandHandler<OpenTableMatchCommand> {
  constructor(
    private readonly context: MatchCommandContext,
    private readonly vault: SeedVault,
  ) {}

  execute({ matchId, host, plan, actor }: OpenTableMatchCommand): Promise<CommandOutcome> {
    const seed = this.vault.newSeed();
    const fairness = { version: FAIRNESS_VERSION, commitment: commitmentOf(seed) };
    const data = { matchId, host, plan, fairness, sealedSeed: this.vault.seal(seed) };
    return handleMatchCommand(
      this.context,
      { matchId, commandId: 'open-table', actor },
      { type: 'OpenMatch', data },
    );
  }
}

/** The director's command on one of its tables' matches (start it, take a leaver out), as it chose it. */
@CommandHandler(DirectTableCommand)
export class DirectTableHandler implements ICommandHandler<DirectTableCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, command }: DirectTableCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, command);
  }
}
