import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Refusal } from '@liars-dice/server-platform';
import { decide } from '@liars-dice/game-rules';
import { accepted, type CommandOutcome, MatchCommandRunner } from '../match-command-runner';
import type { AccountRef } from '../match-events';
import { type MatchRecord, seatOwnedBy } from '../match-record';

export class JoinMatchCommand extends Command<CommandOutcome> {
  constructor(
    readonly account: AccountRef,
    readonly commandId: string,
    readonly matchId: string,
    /** A particular free seat, or the first free one. */
    readonly seat: string | null,
  ) {
    super();
  }
}

export class StartMatchCommand extends Command<CommandOutcome> {
  constructor(
    readonly account: AccountRef,
    readonly commandId: string,
    readonly matchId: string,
  ) {
    super();
  }
}

function requireLobby(record: MatchRecord): void {
  if (record.game.status !== 'none') throw new Refusal('NOT_IN_LOBBY', 'the match has already started');
}

@CommandHandler(JoinMatchCommand)
export class JoinMatchHandler implements ICommandHandler<JoinMatchCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ account, commandId, matchId, seat }: JoinMatchCommand): Promise<CommandOutcome> {
    return this.runner.run({ matchId, commandId, actor: { kind: 'account', ...account } }, (record) => {
      requireLobby(record);
      if (seatOwnedBy(record, account.id)) throw new Refusal('ALREADY_SEATED', 'you already have a seat at this table');
      const free = record.seats.filter((s) => s.kind === 'human' && s.owner === null);
      const chosen = seat === null ? free[0] : free.find((s) => s.seat === seat);
      if (!chosen) {
        throw seat === null ? new Refusal('NO_FREE_SEAT', 'every human seat is taken') : new Refusal('SEAT_TAKEN', `seat: ${seat} is not a free human seat`, 'seat');
      }
      return { events: [{ type: 'SeatTaken', data: { seat: chosen.seat, account } }] };
    });
  }
}

@CommandHandler(StartMatchCommand)
export class StartMatchHandler implements ICommandHandler<StartMatchCommand> {
  constructor(private readonly runner: MatchCommandRunner) {}

  execute({ account, commandId, matchId }: StartMatchCommand): Promise<CommandOutcome> {
    return this.runner.run({ matchId, commandId, actor: { kind: 'account', ...account } }, (record) => {
      requireLobby(record);
      const { opened } = record;
      if (opened.host.id !== account.id) throw new Refusal('FORBIDDEN', 'only the host starts the match');
      const open = record.seats.filter((s) => s.kind === 'human' && s.owner === null).length;
      if (open > 0) throw new Refusal('SEATS_OPEN', `${open} human seat(s) still free`);
      const players = record.seats.map((s) => s.seat);
      const data = { matchId: opened.matchId, ruleset: opened.ruleset, options: opened.chosenOptions, players, fairness: opened.fairness };
      return accepted(decide(record.game, { type: 'CreateMatch', data }));
    });
  }
}
