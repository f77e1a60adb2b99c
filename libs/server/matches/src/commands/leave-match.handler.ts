import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Refusal } from '@liars-dice/server-platform';
import { decide, RuleViolation } from '@liars-dice/game-rules';
import { accepted, type CommandOutcome, MatchCommandRunner } from '../match-command-runner';
import type { StoredMatchEvent } from '../match-events';
import { seatOwnedBy } from '../match-record';
import { LeaveMatchCommand } from './turn.commands';

/**
 * Leaving (docs/adr/0003): in the lobby the seat is freed; in a started unranked match a medium CPU takes
 * the seat over (`SeatHandedToCpu`); in a ranked match the player forfeits (the engine's `Forfeit`).
 */
@CommandHandler(LeaveMatchCommand)
export class LeaveMatchHandler implements ICommandHandler<LeaveMatchCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ target }: LeaveMatchCommand): Promise<CommandOutcome> {
    const { actor } = target;
    if (actor.kind !== 'account') throw new Refusal('FORBIDDEN', 'only a player leaves');
    return this.runner.run({ matchId: target.matchId, commandId: target.commandId, actor }, (record, at) => {
      const seat = seatOwnedBy(record, actor.id);
      if (!seat) throw new Refusal('FORBIDDEN', 'you have no seat at this table');
      const account = { id: actor.id, name: actor.name };
      if (record.game.status === 'none') return { events: [{ type: 'SeatLeft', data: { seat: seat.seat, account } }] };
      if (record.game.status === 'finished') throw new RuleViolation('MATCH_OVER', 'the match is over');
      if (record.opened.ranked) return accepted(decide(record.game, { type: 'Forfeit', data: { player: seat.seat, at } }));
      const handOver: StoredMatchEvent = { type: 'SeatHandedToCpu', data: { seat: seat.seat, difficulty: 'medium', previous: account } };
      return { events: [handOver] };
    });
  }
}
