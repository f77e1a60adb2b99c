import { createHash } from 'node:crypto';
import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf, FAIRNESS_VERSION } from '@liars-dice/game-fairness';
import type { Eligibility, HostedLobbies as HostedLobbyCount } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { HostedLobbies } from '../hosted-lobbies';
import { RANKED_ELIGIBILITY, type RankedEligibility } from '../ranked-eligibility';
import { SeedVault } from '../seed-vault';
import { type CommandOutcome, handleMatchCommand, MatchCommandContext } from './handle-match-command';
import {
  CloseLobbyCommand,
  CreateMatchCommand,
  JoinMatchCommand,
  LeaveMatchCommand,
  StartMatchCommand,
} from './match.commands';

/** The match id follows from who asked and their command id, so a repeated create finds its first match. */
export function matchIdFor(hostId: string, commandId: string): string {
  return createHash('sha256').update(`${hostId}|${commandId}`).digest('base64url').slice(0, 16);
}

/** What moderation says of an account's ranked play (a ranked ban, a collusion mark), for the lobby decider to weigh. */
async function rankedEligibility(
  eligibility: RankedEligibility | undefined,
  accountId: string,
): Promise<Eligibility> {
  return eligibility ? eligibility.rankedStanding(accountId) : {};
}

/**
 * Opening a table draws its secret seed (randomness enters as an input, sealed for the stream, ADR 0004) and
 * names the match after its host and command id; the loop then appends it to a stream that must not exist.
 * The server's `LOBBY_IDLE_MAX_SECONDS` goes with it: the ceiling of the host's idle time; so does how many
 * lobbies the host has open, for the cap.
 */
@CommandHandler(CreateMatchCommand)
export class CreateMatchHandler implements ICommandHandler<CreateMatchCommand> {
  constructor(
    private readonly context: MatchCommandContext,
    private readonly vault: SeedVault,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'lobbyIdleMaxSeconds'>,
    @Optional() @Inject(RANKED_ELIGIBILITY) private readonly eligibility?: RankedEligibility,
  ) {}

  /** The host's open lobbies, for the cap; absent (a test's handler): no cap. */
  @Optional() @Inject(HostedLobbies) private readonly lobbies?: HostedLobbies;

  async execute({ host, commandId, plan }: CreateMatchCommand): Promise<CommandOutcome> {
    const seed = this.vault.newSeed();
    const matchId = matchIdFor(host.id, commandId);
    const fairness = { version: FAIRNESS_VERSION, commitment: commitmentOf(seed) };
    const target = { matchId, commandId, actor: { kind: 'account', id: host.id, name: host.name } as const };
    const eligibility = plan.ranked === true ? await rankedEligibility(this.eligibility, host.id) : {};
    const { lobbyIdleMaxSeconds } = this.settings;
    const sealedSeed = this.vault.seal(seed);
    const open = (hostedLobbies?: HostedLobbyCount) => {
      const data = { matchId, host, plan, fairness, sealedSeed, lobbyIdleMaxSeconds, ...eligibility };
      return handleMatchCommand(this.context, target, {
        type: 'OpenMatch',
        data: hostedLobbies ? { ...data, hostedLobbies } : data,
      });
    };
    return this.lobbies ? this.lobbies.opening(host.id, open) : open();
  }
}

/**
 * Joining asks moderation first whether the account is barred from ranked play; the lobby decider rules. A
 * match this process knows to be casual is not asked about (the decider weighs those facts only for a ranked
 * seat): a sanctions read saved on most joins.
 */
@CommandHandler(JoinMatchCommand)
export class JoinMatchHandler implements ICommandHandler<JoinMatchCommand> {
  constructor(
    private readonly context: MatchCommandContext,
    @Optional() @Inject(RANKED_ELIGIBILITY) private readonly eligibility?: RankedEligibility,
  ) {}

  async execute({ target, account, seat }: JoinMatchCommand): Promise<CommandOutcome> {
    const casual = this.context.matches.rankedKnown(target.matchId) === false;
    const eligibility = casual ? {} : await rankedEligibility(this.eligibility, account.id);
    return handleMatchCommand(this.context, target, {
      type: 'JoinMatch',
      data: { account, seat, ...eligibility },
    });
  }
}

@CommandHandler(StartMatchCommand)
export class StartMatchHandler implements ICommandHandler<StartMatchCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, account }: StartMatchCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'StartMatch', data: { account } });
  }
}

@CommandHandler(CloseLobbyCommand)
export class CloseLobbyHandler implements ICommandHandler<CloseLobbyCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target, account, admin }: CloseLobbyCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'CloseLobby', data: { account, admin } });
  }
}

/** Frees a lobby seat; in a started match a CPU takes over (unranked) or the player forfeits (ranked). */
@CommandHandler(LeaveMatchCommand)
export class LeaveMatchHandler implements ICommandHandler<LeaveMatchCommand> {
  constructor(private readonly context: MatchCommandContext) {}

  execute({ target }: LeaveMatchCommand): Promise<CommandOutcome> {
    return handleMatchCommand(this.context, target, { type: 'LeaveMatch', data: { actor: target.actor } });
  }
}
