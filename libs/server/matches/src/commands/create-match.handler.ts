import { createHash } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock, Refusal } from '@liars-dice/server-platform';
import { WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { FAIRNESS_VERSION, commitmentOf } from '@liars-dice/game-fairness';
import { MAX_PLAYERS, MIN_PLAYERS, resolveOptions, RuleViolation, type Ruleset } from '@liars-dice/game-rules';
import { checkCommandId, type CommandOutcome, toAppend } from '../match-command-runner';
import type { AccountRef, Difficulty, MatchKind, MatchOpened, SeatPlan, StoredMatchEvent } from '../match-events';
import { MatchRepository } from '../match-repository';
import { SeedVault } from '../seed-vault';

export interface MatchPlan {
  readonly ruleset: Ruleset;
  /** Only the options the table changes from the family's preset. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: readonly { readonly kind: 'human' | 'cpu'; readonly difficulty: Difficulty | null }[];
  readonly ranked: boolean;
  readonly kind: MatchKind;
}

export class CreateMatchCommand extends Command<CommandOutcome> {
  constructor(
    readonly host: AccountRef,
    readonly commandId: string,
    readonly plan: MatchPlan,
  ) {
    super();
  }
}

/** The match id follows from who asked and their command id, so a repeated create finds its first match. */
export function matchIdFor(hostId: string, commandId: string): string {
  return createHash('sha256').update(`${hostId}|${commandId}`).digest('base64url').slice(0, 16);
}

@CommandHandler(CreateMatchCommand)
export class CreateMatchHandler implements ICommandHandler<CreateMatchCommand> {
  constructor(
    private readonly repository: MatchRepository,
    private readonly vault: SeedVault,
    private readonly clock: Clock,
  ) {}

  async execute({ host, commandId, plan }: CreateMatchCommand): Promise<CommandOutcome> {
    checkCommandId(commandId);
    const matchId = matchIdFor(host.id, commandId);
    const at = this.clock.now();
    const events = this.open(matchId, host, plan, at);
    try {
      const appending = toAppend(events, commandId, { kind: 'account', ...host }, at);
      const result = await this.repository.append(matchId, appending, 'no_stream');
      const record = this.repository.appended(matchId, null, appending, result.nextExpectedRevision) ?? undefined;
      return { matchId, revision: result.nextExpectedRevision, repeated: false, record };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const existing = await this.repository.load(matchId);
      const revision = existing.commands.get(commandId);
      if (revision === undefined) throw new Refusal('CONFLICT', 'commandId: already used for another match', 'commandId');
      return { matchId, revision, repeated: true };
    }
  }

  private open(matchId: string, host: AccountRef, plan: MatchPlan, at: number): StoredMatchEvent[] {
    const options = resolveOptions(plan.ruleset, plan.options);
    if (options instanceof RuleViolation) throw options;
    const seats = planSeats(plan);
    const seed = this.vault.newSeed();
    const opened: MatchOpened = {
      type: 'MatchOpened',
      data: {
        matchId,
        ruleset: plan.ruleset,
        options,
        chosenOptions: plan.options,
        ranked: plan.ranked,
        kind: plan.kind,
        host,
        seats,
        fairness: { version: FAIRNESS_VERSION, commitment: commitmentOf(seed) },
        sealedSeed: this.vault.seal(seed),
        openedAt: at,
      },
    };
    // The host takes the first human seat; a host of a CPU-only table watches.
    const hostSeat = seats.find((seat) => seat.kind === 'human');
    return hostSeat ? [opened, { type: 'SeatTaken', data: { seat: hostSeat.seat, account: host } }] : [opened];
  }
}

function planSeats(plan: MatchPlan): SeatPlan[] {
  if (plan.seats.length < MIN_PLAYERS || plan.seats.length > MAX_PLAYERS) {
    throw new Refusal('BAD_USER_INPUT', `seats: ${MIN_PLAYERS} to ${MAX_PLAYERS} seats`, 'seats');
  }
  if (plan.ranked && plan.seats.some((seat) => seat.kind === 'cpu')) {
    throw new Refusal('BAD_USER_INPUT', 'seats: a ranked match seats humans only', 'seats');
  }
  return plan.seats.map((seat, index) => ({
    seat: `s${index + 1}`,
    kind: seat.kind,
    difficulty: seat.kind === 'cpu' ? (seat.difficulty ?? 'medium') : null,
  }));
}
