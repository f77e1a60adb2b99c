import { createHash } from 'node:crypto';
import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf, FAIRNESS_VERSION } from '@liars-dice/game-fairness';
import { RANKED_ELIGIBILITY, type RankedEligibility, SeedVault } from '@liars-dice/server-matches';
import type { UntimedTournamentCommand } from '@liars-dice/game-tournament';
import { TournamentCatalog } from '../tournament-catalog';
import { TournamentCommandRunner, type TournamentOutcome } from '../tournament-command-runner';
import {
  AssignTableMatchHandler,
  CancelTournamentHandler,
  DisqualifyFromTournamentHandler,
  DrawSeatingHandler,
  PublishSeatingHandler,
  RecordTableResultHandler,
  ReinstateInTournamentHandler,
  RestoreTableHandler,
  StartTournamentHandler,
  VoidTableHandler,
  WithdrawFromTournamentHandler,
} from './as-asked.handlers';
import { CheckInCommand, CreateTournamentCommand, RegisterForTournamentCommand, type TournamentBusCommand } from './tournament.commands';

/** The tournament id follows from its organiser and command id, so a repeated create finds its first tournament. */
export function tournamentIdFor(organiserId: string, commandId: string): string {
  return createHash('sha256')
    .update(`tournament|${organiserId}|${commandId}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * A new tournament draws its secret seed here (randomness is an input; its SHA-256 goes in the first event, the
 * seed sealed beside it, revealed when the tournament ends), and appends to a stream that must not exist.
 */
@CommandHandler(CreateTournamentCommand)
export class CreateTournamentHandler implements ICommandHandler<CreateTournamentCommand> {
  constructor(
    private readonly runner: TournamentCommandRunner,
    private readonly vault: SeedVault,
  ) {}

  execute({ target, asked }: CreateTournamentCommand): Promise<TournamentOutcome> {
    const seed = this.vault.newSeed();
    const actorId = target.actor.kind === 'account' ? target.actor.id : 'server';
    const tournamentId = tournamentIdFor(actorId, target.commandId);
    const fairness = { version: FAIRNESS_VERSION, commitment: commitmentOf(seed) };
    const command = { type: 'CreateTournament' as const, data: { ...asked, tournamentId, fairness } };
    return this.runner.run({ ...target, tournamentId }, command, this.vault.seal(seed));
  }
}

/**
 * A human's registration and check-in in a ranked tournament ask moderation first what bars the player from
 * ranked play (facts the decider weighs: RANKED_BAN for a ranked ban, COLLUSION_MARK for a collusion mark);
 * without moderation nothing does. An unranked tournament (as the catalog knows it: ranked-ness never changes)
 * and a CPU player have nothing to ask about, so they cost no sanctions read.
 */
abstract class AsksModeration implements ICommandHandler<TournamentBusCommand> {
  constructor(
    private readonly runner: TournamentCommandRunner,
    private readonly catalog: TournamentCatalog,
    private readonly eligibility?: RankedEligibility,
  ) {}

  async execute({ target, asked }: TournamentBusCommand): Promise<TournamentOutcome> {
    if (!this.eligibility || !this.mayBeRanked(target.tournamentId) || !this.human(asked)) return this.runner.run(target, asked);
    const player = asked.data.player as string;
    const standing = await this.eligibility.rankedStanding(player);
    return this.runner.run(target, { ...asked, data: { ...asked.data, ...standing } } as UntimedTournamentCommand);
  }

  /** Ranked, or not heard of yet by this process's catalog (then moderation is asked anyway). */
  private mayBeRanked(tournamentId: string): boolean {
    const state = this.catalog.get(tournamentId)?.state;
    return state === undefined || state.config.ranked;
  }

  private human(asked: UntimedTournamentCommand): asked is Extract<UntimedTournamentCommand, { type: 'RegisterPlayer' | 'CheckIn' }> {
    if (asked.type !== 'RegisterPlayer' && asked.type !== 'CheckIn') return false;
    const { player } = asked.data;
    return (asked.type === 'CheckIn' || asked.data.kind === 'human') && typeof player === 'string' && player.length > 0;
  }
}

@CommandHandler(RegisterForTournamentCommand)
export class RegisterForTournamentHandler extends AsksModeration {
  constructor(runner: TournamentCommandRunner, catalog: TournamentCatalog, @Optional() @Inject(RANKED_ELIGIBILITY) eligibility?: RankedEligibility) {
    super(runner, catalog, eligibility);
  }
}

@CommandHandler(CheckInCommand)
export class CheckInHandler extends AsksModeration {
  constructor(runner: TournamentCommandRunner, catalog: TournamentCatalog, @Optional() @Inject(RANKED_ELIGIBILITY) eligibility?: RankedEligibility) {
    super(runner, catalog, eligibility);
  }
}

/** One handler class per tournament command. */
export const TOURNAMENT_COMMAND_HANDLERS = [
  CreateTournamentHandler,
  RegisterForTournamentHandler,
  CheckInHandler,
  WithdrawFromTournamentHandler,
  StartTournamentHandler,
  CancelTournamentHandler,
  PublishSeatingHandler,
  DisqualifyFromTournamentHandler,
  ReinstateInTournamentHandler,
  DrawSeatingHandler,
  AssignTableMatchHandler,
  RecordTableResultHandler,
  VoidTableHandler,
  RestoreTableHandler,
];
