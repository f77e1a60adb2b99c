import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Refusal } from '@liars-dice/server-platform';
import { Violation } from '@liars-dice/game-rules';
import type { AccountRef, Actor, MatchPlan, SeatRequest } from '@liars-dice/game-match';
import type { DirectorTask, PlayerRecord, TournamentRecord } from '@liars-dice/game-tournament';
import { DirectTableCommand, OpenTableMatchCommand } from '@liars-dice/server-matches';
import { TournamentSteps } from './tournament-steps';

/** An error that only says the step was already done (by this process earlier, or by another one). */
function alreadyDone(error: unknown, ...codes: string[]): boolean {
  return (error instanceof Refusal || error instanceof Violation) && codes.includes(error.code);
}

function seatFor(player: PlayerRecord): SeatRequest {
  if (player.kind === 'cpu')
    return { kind: 'cpu', difficulty: player.difficulty as SeatRequest['difficulty'], name: player.name };
  return { kind: 'human', account: { id: player.id, name: player.name } };
}

/** The director's commands on a table's match stream: open, start, assign; take a leaver out. */
@Injectable()
export class TableOpener {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly steps: TournamentSteps,
  ) {}

  /**
   * Opens the table's match under its tournament's id for it (the drawn seats reserved for their players, the
   * organiser hosting), starts it, and assigns it to the table. Each step tolerates having been done already.
   */
  async open(
    record: TournamentRecord,
    director: Actor,
    task: Extract<DirectorTask, { kind: 'open-table' }>,
  ): Promise<void> {
    const { config, players } = record.state;
    const host: AccountRef = { id: config.organiser, name: config.organiserName };
    const seats = task.players.map((id) => seatFor(players.get(id) as PlayerRecord));
    const tournament = { tournamentId: config.tournamentId, round: task.round, table: task.table };
    const plan: MatchPlan = {
      ruleset: config.family,
      options: config.chosenOptions,
      seats,
      ranked: config.ranked,
      kind: 'regular',
      tournament,
    };
    try {
      await this.commandBus.execute(new OpenTableMatchCommand(task.matchId, host, plan, director));
    } catch (error) {
      if (!alreadyDone(error, 'MATCH_EXISTS')) throw error;
    }
    try {
      await this.commandBus.execute(
        new DirectTableCommand(
          { matchId: task.matchId, commandId: 'start-table', actor: director },
          { type: 'StartMatch', data: { account: host } },
        ),
      );
    } catch (error) {
      if (!alreadyDone(error, 'NOT_IN_LOBBY')) throw error;
    }
    await this.steps.assign(record, director, {
      round: task.round,
      table: task.table,
      matchId: task.matchId,
    });
  }

  /** A player who withdrew or was disqualified leaves the running match (a forfeit, or a CPU takes the seat). */
  async remove(
    record: TournamentRecord,
    director: Actor,
    task: Extract<DirectorTask, { kind: 'remove-from-table' }>,
  ): Promise<void> {
    const player = record.state.players.get(task.player);
    if (!player || player.kind === 'cpu') return;
    const target = { matchId: task.matchId, commandId: `remove-${task.player}`, actor: director };
    try {
      await this.commandBus.execute(
        new DirectTableCommand(target, {
          type: 'LeaveMatch',
          data: { actor: director, player: { id: player.id, name: player.name } },
        }),
      );
    } catch (error) {
      if (!alreadyDone(error, 'MATCH_OVER', 'FORBIDDEN')) throw error;
    }
  }
}
