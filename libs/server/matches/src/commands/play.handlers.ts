import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decide } from '@liars-dice/game-rules';
import { accepted, type CommandOutcome, MatchCommandRunner } from '../match-command-runner';
import type { MatchRecord } from '../match-record';
import { actingSeat, isStale } from './acting-seat';
import { CallLiarCommand, CallSpotOnCommand, PlaceBidCommand, TimeOutCommand, type TurnCommandFields } from './turn.commands';

function runTurn(runner: MatchCommandRunner, target: TurnCommandFields, play: (record: MatchRecord, seat: string, at: number) => ReturnType<typeof accepted>) {
  return runner.run({ ...target, atLeast: target.seenRevision }, (record, at) =>
    isStale(record, target.seenRevision) ? { events: [] } : play(record, actingSeat(record, target.actor), at),
  );
}

@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ target, quantity, face }: PlaceBidCommand): Promise<CommandOutcome> {
    return runTurn(this.runner, target, (record, by, at) => accepted(decide(record.game, { type: 'PlaceBid', data: { by, quantity, face, at } })));
  }
}

@CommandHandler(CallLiarCommand)
export class CallLiarHandler implements ICommandHandler<CallLiarCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ target }: CallLiarCommand): Promise<CommandOutcome> {
    return runTurn(this.runner, target, (record, by, at) => accepted(decide(record.game, { type: 'CallLiar', data: { by, at } })));
  }
}

@CommandHandler(CallSpotOnCommand)
export class CallSpotOnHandler implements ICommandHandler<CallSpotOnCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ target }: CallSpotOnCommand): Promise<CommandOutcome> {
    return runTurn(this.runner, target, (record, by, at) => accepted(decide(record.game, { type: 'CallSpotOn', data: { by, at } })));
  }
}

/**
 * The engine refuses a timeout before the recorded deadline (TURN_NOT_EXPIRED) and the revision check
 * drops a timer whose turn already moved on, so a late or repeated timer never charges twice.
 */
@CommandHandler(TimeOutCommand)
export class TimeOutHandler implements ICommandHandler<TimeOutCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ matchId, seenRevision }: TimeOutCommand): Promise<CommandOutcome> {
    const commandId = `timeout:${seenRevision}`;
    const timeOut = (record: MatchRecord, at: number) => {
      if (isStale(record, seenRevision) || record.game.status !== 'bidding') return { events: [] };
      return accepted(decide(record.game, { type: 'TimeOut', data: { player: record.game.toAct, at } }));
    };
    return this.runner.run({ matchId, commandId, actor: { kind: 'timer' }, atLeast: seenRevision }, timeOut);
  }
}
