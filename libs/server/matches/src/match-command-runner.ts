import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventToAppend, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { RuleViolation } from '@liars-dice/game-rules';
import type { StoredMatchEvent } from './match-events';
import { isEngineEvent, type MatchRecord } from './match-record';
import { MatchRepository } from './match-repository';
import { SeedVault } from './seed-vault';
import { withHouseMoves } from './house';

/** What a match command did: the revision its result is read at, and whether it was a repeat. */
export interface CommandOutcome {
  readonly matchId: string;
  readonly revision: bigint;
  readonly repeated: boolean;
  /** The match as the command left it, when this process folded it (saves a read for the reply). */
  readonly record?: MatchRecord;
}

/** Who sends a match command: a signed-in account, or the driver of a CPU seat. */
export type Actor =
  | { readonly kind: 'account'; readonly id: string; readonly name: string }
  | { readonly kind: 'cpu'; readonly seat: string }
  | { readonly kind: 'timer' };

/** Which match, which client command, who sends it. */
export interface RunTarget {
  readonly matchId: string;
  readonly commandId: string;
  readonly actor: Actor;
  /** The revision a machine sender saw; an older cached record is refreshed first. */
  readonly atLeast?: bigint;
}

export interface Decision {
  readonly events: readonly StoredMatchEvent[];
}

/** Turns events into store records: the command id on each, and where each sits in its batch. */
export function toAppend(events: readonly StoredMatchEvent[], commandId: string, actor: Actor, at: number): EventToAppend[] {
  const actorName = actor.kind === 'account' ? `account:${actor.id}` : actor.kind === 'cpu' ? `cpu:${actor.seat}` : 'timer';
  const recordedAt = new Date(at).toISOString();
  return events.map((event, index) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { commandId, actor: actorName, recordedAt, batch: { index, size: events.length } },
  }));
}

/**
 * Read, fold, decide, append with the expected revision; on a concurrent append, again (bounded). A command
 * id the stream already holds returns the first outcome and appends nothing.
 */
@Injectable()
export class MatchCommandRunner {
  constructor(
    private readonly repository: MatchRepository,
    private readonly vault: SeedVault,
    private readonly clock: Clock,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async run(command: RunTarget, decide: (record: MatchRecord, at: number) => Decision): Promise<CommandOutcome> {
    const { matchId, commandId, actor, atLeast } = command;
    checkCommandId(commandId);
    for (let attempt = 0; attempt <= this.settings.commandRetries; attempt++) {
      const record = attempt === 0 ? await this.repository.current(matchId, atLeast) : await this.repository.load(matchId);
      const seen = record.commands.get(commandId);
      if (seen !== undefined) return { matchId, revision: seen, repeated: true };
      const at = this.clock.now();
      const events = this.withHouse(record, decide(record, at).events, at);
      if (events.length === 0) return { matchId, revision: record.revision, repeated: false, record };
      const appending = toAppend(events, commandId, actor, at);
      try {
        const result = await this.repository.append(matchId, appending, record.revision);
        const after = this.repository.appended(matchId, record, appending, result.nextExpectedRevision) ?? undefined;
        return { matchId, revision: result.nextExpectedRevision, repeated: false, record: after };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Refusal('CONFLICT', 'the match kept changing under this command; send it again');
  }

  private withHouse(record: MatchRecord, events: readonly StoredMatchEvent[], at: number): StoredMatchEvent[] {
    const engine = events.filter(isEngineEvent);
    if (engine.length === 0) return [...events];
    const others = events.filter((event) => !isEngineEvent(event));
    return [...others, ...withHouseMoves(record.game, engine, this.vault.open(record.opened.sealedSeed), at)];
  }
}

export function checkCommandId(commandId: string): void {
  if (commandId.length === 0 || commandId.length > 100) {
    throw new Refusal('BAD_USER_INPUT', 'commandId: 1 to 100 characters, unique per command', 'commandId');
  }
}

/** An engine verdict as events, or the rule it breaks thrown as-is (mapped to a GraphQL error in one place). */
export function accepted(verdict: readonly StoredMatchEvent[] | RuleViolation): Decision {
  if (verdict instanceof RuleViolation) throw verdict;
  return { events: verdict };
}
