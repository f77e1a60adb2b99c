import { createHash } from 'node:crypto';
import { Inject, Optional, type Type } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf, FAIRNESS_VERSION } from '@liars-dice/game-fairness';
import type { Eligibility, HostedLobbies as HostedLobbyCount } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { HostedLobbies } from '../hosted-lobbies';
import { type CommandOutcome, MatchCommandRunner } from '../match-command-runner';
import { RANKED_ELIGIBILITY, type RankedEligibility } from '../ranked-eligibility';
import { SeedVault } from '../seed-vault';
import {
  CallLiarCommand,
  CallSpotOnCommand,
  CloseLobbyCommand,
  CreateMatchCommand,
  DirectTableCommand,
  ExpireLobbyCommand,
  JoinMatchCommand,
  LeaveMatchCommand,
  type MatchCommand,
  OpenTableMatchCommand,
  PlaceBidCommand,
  StartMatchCommand,
  TimeOutCommand,
} from './match.commands';

/** The match id follows from who asked and their command id, so a repeated create finds its first match. */
export function matchIdFor(hostId: string, commandId: string): string {
  return createHash('sha256').update(`${hostId}|${commandId}`).digest('base64url').slice(0, 16);
}

/** The bus adapter of one match command: everything it means is decided by libs/game/match, run by the runner. */
function runnerHandler(command: Type<MatchCommand>): Type<ICommandHandler<MatchCommand>> {
  @CommandHandler(command)
  class RunsOnTheMatch implements ICommandHandler<MatchCommand> {
    constructor(@Inject(MatchCommandRunner) private readonly runner: MatchCommandRunner) {}

    execute(sent: MatchCommand): Promise<CommandOutcome> {
      return this.runner.run(sent.target, sent.asked());
    }
  }
  Object.defineProperty(RunsOnTheMatch, 'name', { value: `${command.name.replace(/Command$/, '')}Handler` });
  return RunsOnTheMatch;
}

/** What moderation says of an account's ranked play (a ranked ban, a collusion mark), for the lobby decider to weigh. */
async function rankedEligibility(eligibility: RankedEligibility | undefined, accountId: string): Promise<Eligibility> {
  return eligibility ? eligibility.rankedStanding(accountId) : {};
}

/**
 * Opening a table draws its secret seed (randomness enters as an input, sealed for the stream, ADR 0004) and
 * names the match after its host and command id; the runner then appends it to a stream that must not exist.
 * The server's `LOBBY_IDLE_MAX_SECONDS` goes with it: the ceiling of the host's idle time (ADR 0063); so does how
 * many lobbies the host has open, for the cap (ADR 0070).
 */
@CommandHandler(CreateMatchCommand)
export class CreateMatchHandler implements ICommandHandler<CreateMatchCommand> {
  constructor(
    private readonly runner: MatchCommandRunner,
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
    const run = (hostedLobbies?: HostedLobbyCount) =>
      this.runner.run(target, { type: 'OpenMatch', data: { matchId, host, plan, fairness, sealedSeed, lobbyIdleMaxSeconds, ...(hostedLobbies && { hostedLobbies }), ...eligibility } });
    return this.lobbies ? this.lobbies.opening(host.id, matchId, run) : run();
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
    private readonly runner: MatchCommandRunner,
    @Optional() @Inject(RANKED_ELIGIBILITY) private readonly eligibility?: RankedEligibility,
  ) {}

  async execute(sent: JoinMatchCommand): Promise<CommandOutcome> {
    const casual = this.runner.rankedKnown(sent.target.matchId) === false;
    const eligibility = casual ? {} : await rankedEligibility(this.eligibility, sent.account.id);
    return this.runner.run(sent.target, { type: 'JoinMatch', data: { account: sent.account, seat: sent.seat, ...eligibility } });
  }
}

/** A tournament table's match: the same seed drawing as any opening, under the id the tournament chose. */
@CommandHandler(OpenTableMatchCommand)
export class OpenTableMatchHandler implements ICommandHandler<OpenTableMatchCommand> {
  constructor(
    private readonly runner: MatchCommandRunner,
    private readonly vault: SeedVault,
  ) {}

  execute({ matchId, host, plan, actor }: OpenTableMatchCommand): Promise<CommandOutcome> {
    const seed = this.vault.newSeed();
    const fairness = { version: FAIRNESS_VERSION, commitment: commitmentOf(seed) };
    return this.runner.run({ matchId, commandId: 'open-table', actor }, { type: 'OpenMatch', data: { matchId, host, plan, fairness, sealedSeed: this.vault.seal(seed) } });
  }
}

export const MATCH_COMMAND_HANDLERS: readonly Type<unknown>[] = [
  CreateMatchHandler,
  OpenTableMatchHandler,
  JoinMatchHandler,
  ...[DirectTableCommand, StartMatchCommand, CloseLobbyCommand, LeaveMatchCommand, PlaceBidCommand, CallLiarCommand, CallSpotOnCommand, TimeOutCommand, ExpireLobbyCommand].map(runnerHandler),
];
