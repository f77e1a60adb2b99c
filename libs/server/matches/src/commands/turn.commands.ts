import { Command } from '@nestjs/cqrs';
import type { Actor, CommandOutcome } from '../match-command-runner';

/** Common to every in-game command: which match, which client command, who, and (machines) at which revision. */
interface TurnCommandFields {
  readonly matchId: string;
  readonly commandId: string;
  readonly actor: Actor;
  /** Bot driver and timer only: the revision they decided on; a later revision makes the command a no-op. */
  readonly seenRevision?: bigint;
}

export class PlaceBidCommand extends Command<CommandOutcome> {
  constructor(
    readonly target: TurnCommandFields,
    readonly quantity: number,
    readonly face: number,
  ) {
    super();
  }
}

export class CallLiarCommand extends Command<CommandOutcome> {
  constructor(readonly target: TurnCommandFields) {
    super();
  }
}

export class CallSpotOnCommand extends Command<CommandOutcome> {
  constructor(readonly target: TurnCommandFields) {
    super();
  }
}

export class LeaveMatchCommand extends Command<CommandOutcome> {
  constructor(readonly target: TurnCommandFields) {
    super();
  }
}

/** From the turn timer: the player to act at `seenRevision` ran out of time. */
export class TimeOutCommand extends Command<CommandOutcome> {
  constructor(
    readonly matchId: string,
    readonly seenRevision: bigint,
  ) {
    super();
  }
}

export type { TurnCommandFields };
