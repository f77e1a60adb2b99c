import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Player, type Principal } from '@liars-dice/server-auth';
import {
  CallLiarCommand,
  CallSpotOnCommand,
  CloseLobbyCommand,
  type CommandTarget,
  CreateMatchCommand,
  JoinMatchCommand,
  LeaveMatchCommand,
  PlaceBidCommand,
  StartMatchCommand,
} from './commands/match.commands';
import { CpuSeatNames } from './cpu-seat-names';
import type { CommandOutcome } from './commands/handle-match-command';
import { MatchReader } from './match-reader';
import { CreateMatchInput, JoinMatchInput, MatchCommandInput, PlaceBidInput } from './graphql/match-inputs.types';
import { MatchView } from './graphql/match-view.types';

function target(player: Principal, input: MatchCommandInput): CommandTarget {
  return { matchId: input.matchId, commandId: input.commandId, actor: { kind: 'account', id: player.id, name: player.name } };
}

function account(player: Principal) {
  return { id: player.id, name: player.name };
}

/** Every mutation: the caller's command on the bus, then the caller's own view as the command left it. */
@Resolver()
export class MatchCommandsResolver {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: MatchReader,
    private readonly cpuNames: CpuSeatNames,
  ) {}

  @Mutation(() => MatchView)
  async createMatch(@Player() player: Principal, @Args('input') input: CreateMatchInput): Promise<MatchView> {
    const options = Object.fromEntries(Object.entries(input.options ?? {}).filter(([, value]) => value !== undefined));
    // Seat requests go to the lobby decider as the client sent them: it checks every field (libs/game/match),
    // after the one check it cannot make, against the accounts: no CPU seat goes by a player's name.
    for (const [index, seat] of (input.seats ?? []).entries()) if (seat.kind === 'cpu') await this.cpuNames.refusePlayerNames(seat.name, `seats[${index}].name`);
    const plan = { ruleset: input.ruleset, options, seats: input.seats, ranked: input.ranked, kind: input.kind, lobbyIdleSeconds: input.lobbyIdleSeconds ?? null };
    return this.viewAfter(player, await this.commandBus.execute(new CreateMatchCommand(account(player), input.commandId, plan)));
  }

  @Mutation(() => MatchView)
  async joinMatch(@Player() player: Principal, @Args('input') input: JoinMatchInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new JoinMatchCommand(account(player), input.commandId, input.matchId, input.seat ?? null)));
  }

  @Mutation(() => MatchView)
  async startMatch(@Player() player: Principal, @Args('input') input: MatchCommandInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new StartMatchCommand(account(player), input.commandId, input.matchId)));
  }

  @Mutation(() => MatchView, { description: 'The host (or an admin) closes a lobby before it starts: status closed, final (LobbyClosed, reason cancelled).' })
  async closeLobby(@Player() player: Principal, @Args('input') input: MatchCommandInput): Promise<MatchView> {
    const command = new CloseLobbyCommand(account(player), input.commandId, input.matchId, player.role === 'admin');
    return this.viewAfter(player, await this.commandBus.execute(command));
  }

  @Mutation(() => MatchView)
  async placeBid(@Player() player: Principal, @Args('input') input: PlaceBidInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new PlaceBidCommand(target(player, input), input.quantity, input.face)));
  }

  @Mutation(() => MatchView)
  async callLiar(@Player() player: Principal, @Args('input') input: MatchCommandInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new CallLiarCommand(target(player, input))));
  }

  @Mutation(() => MatchView)
  async callSpotOn(@Player() player: Principal, @Args('input') input: MatchCommandInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new CallSpotOnCommand(target(player, input))));
  }

  @Mutation(() => MatchView, { description: 'Lobby: frees the seat. Started: a medium CPU takes over (unranked) or the player forfeits (ranked).' })
  async leaveMatch(@Player() player: Principal, @Args('input') input: MatchCommandInput): Promise<MatchView> {
    return this.viewAfter(player, await this.commandBus.execute(new LeaveMatchCommand(target(player, input))));
  }

  private viewAfter(player: Principal, outcome: CommandOutcome): Promise<MatchView> {
    return this.reader.afterCommand(outcome, player);
  }
}
