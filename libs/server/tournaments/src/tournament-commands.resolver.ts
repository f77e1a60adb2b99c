import { createHash } from 'node:crypto';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, parseTime, Refusal } from '@liars-dice/server-platform';
import { Player, type Principal } from '@liars-dice/server-auth';
import { CpuSeatNames } from '@liars-dice/server-matches';
import type { Actor as DomainActor, UntimedTournamentCommand } from '@liars-dice/game-tournament';
import {
  CancelTournamentCommand,
  CheckInCommand,
  CreateTournamentCommand,
  DisqualifyFromTournamentCommand,
  PublishSeatingCommand,
  RegisterForTournamentCommand,
  StartTournamentCommand,
  type TournamentBusCommand,
  WithdrawFromTournamentCommand,
} from './commands/tournament.commands';
import {
  CreateTournamentInput,
  DisqualifyInput,
  EntrantCommandInput,
  PublishSeatingInput,
  ReasonedTournamentInput,
  RegisterForTournamentInput,
  TournamentCommandInput,
} from './graphql/tournament-inputs.types';
import { TournamentView } from './graphql/tournament.types';
import type { TournamentTarget } from './tournament-command-runner';
import { TournamentReader } from './tournament-reader';

type BusCommand = new (target: TournamentTarget, asked: UntimedTournamentCommand) => TournamentBusCommand;

const by = (caller: Principal): DomainActor => ({ id: caller.id, role: caller.role });
const target = (caller: Principal, input: TournamentCommandInput): TournamentTarget => ({
  tournamentId: input.tournamentId,
  commandId: input.commandId,
  actor: { kind: 'account', id: caller.id, name: caller.name },
});

/** A CPU entrant's id: from the tournament and the organiser's command id, so a retry enters the same one. */
function cpuIdFor(tournamentId: string, commandId: string): string {
  return `cpu-${createHash('sha256').update(`${tournamentId}|${commandId}`).digest('base64url').slice(0, 12)}`;
}

function requiredTime(value: string, field: string): number {
  const ms = parseTime(value, field);
  if (ms === null) throw new Refusal('BAD_USER_INPUT', `${field}: expected an ISO-8601 time`, field);
  return ms;
}

/** Every tournament mutation: the caller's command on the bus, then the tournament as the command left it. */
@Resolver()
export class TournamentCommandsResolver {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: TournamentReader,
    private readonly clock: Clock,
    private readonly cpuNames: CpuSeatNames,
  ) {}

  @Mutation(() => TournamentView, {
    description: 'Organisers and admins: a new tournament, open for registration in its window.',
  })
  async createTournament(
    @Player() caller: Principal,
    @Args('input') input: CreateTournamentInput,
  ): Promise<TournamentView> {
    const options = Object.fromEntries(
      Object.entries(input.options ?? {}).filter(([, value]) => value !== undefined),
    );
    const asked = {
      name: input.name,
      by: by(caller),
      organiserName: caller.name,
      family: input.family,
      options,
      ranked: input.ranked,
      capacity: input.capacity,
      tableSize: { min: input.minTableSize, max: input.maxTableSize },
      format: input.format,
      rounds: input.swissRounds ?? undefined,
      finalTableSize: input.finalTableSize ?? undefined,
      advancePerTable: input.advancePerTable ?? undefined,
      registrationOpensAt: parseTime(input.registrationOpensAt, 'registrationOpensAt') ?? this.clock.now(),
      registrationClosesAt: requiredTime(input.registrationClosesAt, 'registrationClosesAt'),
      startsAt: requiredTime(input.startsAt, 'startsAt'),
      checkInMinutes: input.checkInMinutes,
      lateRegistrationUntilRound: input.lateRegistrationUntilRound,
      autoPublish: input.autoPublish,
    };
    const actor = { kind: 'account' as const, id: caller.id, name: caller.name };
    const outcome = await this.commandBus.execute(
      new CreateTournamentCommand({ commandId: input.commandId, actor }, asked),
    );
    return this.reader.afterCommand(outcome, caller);
  }

  @Mutation(() => TournamentView, {
    description: 'Enter yourself, or (organiser, unranked only) a CPU player.',
  })
  async registerForTournament(
    @Player() caller: Principal,
    @Args('input') input: RegisterForTournamentInput,
  ): Promise<TournamentView> {
    const cpu = input.cpu;
    const entrant = cpu
      ? {
          player: cpuIdFor(input.tournamentId, input.commandId),
          name: cpu.name,
          kind: 'cpu' as const,
          difficulty: cpu.difficulty,
          nameReadsAs: await this.cpuNames.playerNamed(cpu.name),
        }
      : { player: caller.id, name: caller.name, kind: 'human' as const };
    return this.send(RegisterForTournamentCommand, caller, input, {
      type: 'RegisterPlayer',
      data: { ...entrant, by: by(caller), lot: 0 },
    });
  }

  @Mutation(() => TournamentView, {
    description:
      'Leave a tournament (before the start: your place is freed; during it: your table is forfeited).',
  })
  withdraw(@Player() caller: Principal, @Args('input') input: EntrantCommandInput): Promise<TournamentView> {
    return this.send(WithdrawFromTournamentCommand, caller, input, {
      type: 'WithdrawPlayer',
      data: { player: input.player ?? caller.id, by: by(caller) },
    });
  }

  @Mutation(() => TournamentView, {
    description:
      'Confirm you will play (from checkInMinutes before the start); unchecked players are removed at the start.',
  })
  checkIn(@Player() caller: Principal, @Args('input') input: EntrantCommandInput): Promise<TournamentView> {
    return this.send(CheckInCommand, caller, input, {
      type: 'CheckIn',
      data: { player: input.player ?? caller.id, by: by(caller) },
    });
  }

  @Mutation(() => TournamentView, {
    description: 'The organiser publishes the round’s draft seating; it cannot change afterwards.',
  })
  publishSeating(
    @Player() caller: Principal,
    @Args('input') input: PublishSeatingInput,
  ): Promise<TournamentView> {
    return this.send(PublishSeatingCommand, caller, input, {
      type: 'PublishSeating',
      data: { round: input.round, by: by(caller) },
    });
  }

  @Mutation(() => TournamentView, {
    description: 'The organiser starts it (not before startsAt; the server starts it then anyway).',
  })
  startTournament(
    @Player() caller: Principal,
    @Args('input') input: TournamentCommandInput,
  ): Promise<TournamentView> {
    return this.send(StartTournamentCommand, caller, input, {
      type: 'StartTournament',
      data: { by: by(caller) },
    });
  }

  @Mutation(() => TournamentView, { description: 'The organiser calls it off; the seed is revealed.' })
  cancelTournament(
    @Player() caller: Principal,
    @Args('input') input: ReasonedTournamentInput,
  ): Promise<TournamentView> {
    return this.send(CancelTournamentCommand, caller, input, {
      type: 'CancelTournament',
      data: { reason: input.reason, by: by(caller) },
    });
  }

  @Mutation(() => TournamentView, {
    description: 'The organiser or a moderator: out at once, points void, ranked last.',
  })
  disqualify(@Player() caller: Principal, @Args('input') input: DisqualifyInput): Promise<TournamentView> {
    return this.send(DisqualifyFromTournamentCommand, caller, input, {
      type: 'DisqualifyPlayer',
      data: { player: input.player, reason: input.reason, by: by(caller), ...(input.sanctionId ? { sanctionId: input.sanctionId } : {}) },
    });
  }

  private async send(
    Kind: BusCommand,
    caller: Principal,
    input: TournamentCommandInput,
    asked: UntimedTournamentCommand,
  ): Promise<TournamentView> {
    const outcome = await this.commandBus.execute(new Kind(target(caller, input), asked));
    return this.reader.afterCommand(outcome, caller);
  }
}
