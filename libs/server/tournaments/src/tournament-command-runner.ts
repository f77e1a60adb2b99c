import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventToAppend, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import {
  type Actor,
  actorKey,
  checkCommandId,
  type CommandUse,
  metadataFor,
  priorUse,
  TableViolation,
} from '@liars-dice/game-match';
import {
  decide,
  initialState,
  requestOfTournament,
  type TournamentCommand,
  type TournamentEvent,
  type TournamentRecord,
  TournamentViolation,
  type UntimedTournamentCommand,
} from '@liars-dice/game-tournament';
import { SeedVault } from '@liars-dice/server-matches';
import { withDraws, withSeeds } from './tournament-house';
import { TournamentRepository } from './tournament-repository';

/** Which tournament, which command id, who sends it, and (the director) the revision it decided on. */
export interface TournamentTarget {
  readonly tournamentId: string;
  readonly commandId: string;
  /** Who the metadata names: an account, or the tournament's director. */
  readonly actor: Actor;
  /** The director only: when the tournament has moved on since this revision, the command is stale. */
  readonly seenRevision?: bigint;
}

/** What a tournament command did: the revision its result is read at, and whether it was a repeat. */
export interface TournamentOutcome {
  readonly tournamentId: string;
  readonly revision: bigint;
  readonly repeated: boolean;
  /** The tournament as the command left it, when this process folded it. */
  readonly record?: TournamentRecord;
}

interface Run {
  readonly target: TournamentTarget;
  readonly command: UntimedTournamentCommand;
  readonly use: CommandUse;
  /** A new tournament's seed, sealed (creation only). */
  readonly sealedSeed: string | null;
}

function refused(violation: TableViolation): Refusal {
  return new Refusal(violation.code, violation.message, violation.field);
}

/** What needs no decision: an unknown tournament, a command id already used, a stale director command. */
function settled({ target, command, use }: Run, record: TournamentRecord | null): TournamentOutcome | null {
  const { tournamentId, commandId, seenRevision } = target;
  if (!record) {
    if (command.type === 'CreateTournament') return null;
    throw new Refusal('NOT_FOUND', `tournamentId: no tournament ${tournamentId}`, 'tournamentId');
  }
  const prior = priorUse(record.commands, commandId, use);
  if (prior instanceof TableViolation) throw refused(prior);
  if (prior !== null) return { tournamentId, revision: prior, repeated: true };
  return seenRevision !== undefined && record.revision !== seenRevision
    ? { tournamentId, revision: record.revision, repeated: false, record }
    : null;
}

/**
 * The tournament's command loop: read the stream, check the command id, let the house add its lot or draw,
 * decide with libs/game/tournament, add the seeds, append with the expected revision (`no_stream` for a new
 * tournament); another writer in between (a second API process) makes it read and decide again (bounded).
 */
@Injectable()
export class TournamentCommandRunner {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly vault: SeedVault,
    private readonly clock: Clock,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async run(
    target: TournamentTarget,
    command: UntimedTournamentCommand,
    sealedSeed: string | null = null,
  ): Promise<TournamentOutcome> {
    const badId = checkCommandId(target.commandId, target.actor);
    if (badId) throw refused(badId);
    const use = {
      actor: actorKey(target.actor),
      command: command.type,
      request: requestOfTournament(command),
    };
    const run: Run = { target, command, use, sealedSeed };
    for (let attempt = 0; attempt <= this.settings.commandRetries; attempt++) {
      const { tournamentId, seenRevision } = target;
      const record =
        attempt === 0
          ? await this.repository.current(tournamentId, seenRevision)
          : await this.repository.find(tournamentId);
      const outcome = settled(run, record) ?? (await this.decideAndAppend(run, record));
      if (outcome) return outcome;
    }
    throw new Refusal('CONFLICT', 'the tournament kept changing under this command; send it again');
  }

  private async decideAndAppend(
    run: Run,
    record: TournamentRecord | null,
  ): Promise<TournamentOutcome | null> {
    const { tournamentId, commandId, actor } = run.target;
    const at = this.clock.now();
    const events = this.decide(run, record, at);
    if (record && events.length === 0)
      return { tournamentId, revision: record.revision, repeated: false, record };
    const metadata = metadataFor(
      { commandId, actor, at, command: run.use.command, request: run.use.request },
      events.length,
    );
    const appending: EventToAppend[] = events.map((event, index) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: metadata[index],
    }));
    try {
      const result = await this.repository.append(tournamentId, appending, record?.revision ?? 'no_stream');
      const after =
        this.repository.appended(tournamentId, record, appending, result.nextExpectedRevision) ?? undefined;
      return { tournamentId, revision: result.nextExpectedRevision, repeated: false, record: after };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  /** The decider's events, with the house's draws before and the seeds after; a violation is thrown as is. */
  private decide(run: Run, record: TournamentRecord | null, at: number): TournamentEvent[] {
    const seed = () => this.vault.open(record?.sealedSeed ?? '');
    const command = withDraws(
      record,
      { ...run.command, data: { ...run.command.data, at } } as TournamentCommand,
      seed,
    );
    const decided = decide(record?.state ?? initialState, command);
    if (decided instanceof TournamentViolation) throw decided;
    return withSeeds(decided, run.sealedSeed, seed);
  }
}
