import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, CommandGate } from '@liars-dice/server-platform';
import type { Actor, MatchRecord } from '@liars-dice/game-match';
import type {
  Actor as DomainActor,
  DirectorTask,
  TournamentRecord,
  UntimedTournamentCommand,
} from '@liars-dice/game-tournament';
import { isTournamentViolation } from '@liars-dice/game-tournament';
import {
  AssignTableMatchCommand,
  CancelTournamentCommand,
  DrawSeatingCommand,
  RecordTableResultCommand,
  StartTournamentCommand,
  type TournamentBusCommand,
} from '../commands/tournament.commands';
import type { TournamentTarget } from '../tournament-command-runner';
import { TournamentRepository } from '../tournament-repository';
import { tableResultOf } from './table-result';

/** The server acting for a tournament (the domain's `system` role). */
export const SERVER: DomainActor = { id: 'director', role: 'system' };

type BusCommand = new (target: TournamentTarget, asked: UntimedTournamentCommand) => TournamentBusCommand;

/** The director's commands on a tournament's own stream, each with a command id that makes a repeat harmless. */
@Injectable()
export class TournamentSteps {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly gate: CommandGate,
    private readonly repository: TournamentRepository,
    private readonly clock: Clock,
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** False once the server drains for shutdown: the director starts nothing new then. */
  accepting(): boolean {
    return !this.gate.isDraining;
  }

  /** The tournament as its stream holds it now (the catalog may lag behind this process's own appends). */
  read(tournamentId: string): Promise<TournamentRecord | null> {
    return this.repository.find(tournamentId);
  }

  /** Starts on time; with fewer than two checked-in players it cannot be played, so it is cancelled. */
  async start(record: TournamentRecord, director: Actor): Promise<void> {
    try {
      await this.send(StartTournamentCommand, this.target(record, director, 'start'), {
        type: 'StartTournament',
        data: { by: SERVER },
      });
    } catch (error) {
      if (!isTournamentViolation(error) || error.code !== 'NOT_ENOUGH_PLAYERS') throw error;
      const reason = `fewer than two players checked in by the start (${error.message})`;
      await this.send(CancelTournamentCommand, this.target(record, director, 'cancel-unstarted'), {
        type: 'CancelTournament',
        data: { by: SERVER, reason },
      });
    }
  }

  /**
   * The house draws the round due. The command names the revision it was decided at: if anything reached the
   * stream since (another process seated it, a player left), it does nothing and the next look decides again.
   */
  seat(record: TournamentRecord, director: Actor, round: number): Promise<unknown> {
    const target = this.target(record, director, `seat-r${round}@${record.revision}`);
    return this.commandBus.execute(
      new DrawSeatingCommand(
        { ...target, seenRevision: record.revision },
        { type: 'DraftSeating', data: { round, order: [] } },
      ),
    );
  }

  assign(
    record: TournamentRecord,
    director: Actor,
    at: { round: number; table: number; matchId: string },
  ): Promise<unknown> {
    const commandId = `assign-r${at.round}-t${at.table}-${at.matchId}`;
    return this.send(AssignTableMatchCommand, this.target(record, director, commandId), {
      type: 'AssignTableMatch',
      data: at,
    });
  }

  /** A table's match, once finished, becomes the table's result. */
  async collect(
    record: TournamentRecord,
    director: Actor,
    task: Extract<DirectorTask, { kind: 'collect-result' }>,
    match: MatchRecord | undefined,
  ): Promise<void> {
    const table = record.state.rounds.find((r) => r.round === task.round)?.tables[task.table - 1];
    const result = match && table ? tableResultOf(match, table.players) : null;
    if (!result) return;
    const data = { round: task.round, table: task.table, matchId: task.matchId, ...result };
    await this.send(RecordTableResultCommand, this.target(record, director, `result-${task.matchId}`), {
      type: 'RecordTableResult',
      data,
    });
  }

  private target(record: TournamentRecord, director: Actor, commandId: string): TournamentTarget {
    return { tournamentId: record.state.config.tournamentId, commandId, actor: director };
  }

  private send(
    Kind: BusCommand,
    target: TournamentTarget,
    asked: UntimedTournamentCommand,
  ): Promise<unknown> {
    return this.commandBus.execute(new Kind(target, asked));
  }
}
