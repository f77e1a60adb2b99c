import { createHash } from 'node:crypto';
import { Inject, Optional, type Type } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf, FAIRNESS_VERSION } from '@liars-dice/game-fairness';
import { RANKED_ELIGIBILITY, type RankedEligibility, SeedVault } from '@liars-dice/server-matches';
import { TournamentCommandRunner, type TournamentOutcome } from '../tournament-command-runner';
import { CreateTournamentCommand, RegisterForTournamentCommand, RUNNER_COMMANDS, type TournamentBusCommand } from './tournament.commands';

/** The tournament id follows from its organiser and command id, so a repeated create finds its first tournament. */
export function tournamentIdFor(organiserId: string, commandId: string): string {
  return createHash('sha256')
    .update(`tournament|${organiserId}|${commandId}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The bus adapter of one tournament command: its meaning is decided by libs/game/tournament, run by the runner. */
function runnerHandler(command: Type<TournamentBusCommand>): Type<ICommandHandler<TournamentBusCommand>> {
  @CommandHandler(command)
  class RunsOnTheTournament implements ICommandHandler<TournamentBusCommand> {
    constructor(@Inject(TournamentCommandRunner) private readonly runner: TournamentCommandRunner) {}

    execute(sent: TournamentBusCommand): Promise<TournamentOutcome> {
      return this.runner.run(sent.target, sent.asked);
    }
  }
  Object.defineProperty(RunsOnTheTournament, 'name', {
    value: `${command.name.replace(/Command$/, '')}Handler`,
  });
  return RunsOnTheTournament;
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
 * A human's registration asks moderation first until when the player is banned from ranked play (a fact the
 * decider weighs: a ranked tournament refuses them with RANKED_BAN); without moderation nobody is banned.
 */
@CommandHandler(RegisterForTournamentCommand)
export class RegisterForTournamentHandler implements ICommandHandler<RegisterForTournamentCommand> {
  constructor(
    private readonly runner: TournamentCommandRunner,
    @Optional() @Inject(RANKED_ELIGIBILITY) private readonly eligibility?: RankedEligibility,
  ) {}

  async execute({ target, asked }: RegisterForTournamentCommand): Promise<TournamentOutcome> {
    if (asked.type !== 'RegisterPlayer') return this.runner.run(target, asked);
    const { player, kind } = asked.data;
    const human = kind === 'human' && typeof player === 'string' && player.length > 0;
    const rankedBanUntil = human ? ((await this.eligibility?.rankedBanUntil(player)) ?? null) : null;
    return this.runner.run(target, { type: 'RegisterPlayer', data: { ...asked.data, rankedBanUntil } });
  }
}

export const TOURNAMENT_COMMAND_HANDLERS: readonly Type<unknown>[] = [
  CreateTournamentHandler,
  RegisterForTournamentHandler,
  ...RUNNER_COMMANDS.filter((command) => command !== RegisterForTournamentCommand).map(runnerHandler),
];
