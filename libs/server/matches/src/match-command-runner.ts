import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventToAppend, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { isRuleViolation, RuleViolation } from '@liars-dice/game-rules';
import {
  actorKey,
  checkCommandId,
  type CommandStamp,
  type CommandUse,
  decideTable,
  initialTableState,
  isEngineEvent,
  type MatchRecord,
  metadataFor,
  priorUse,
  requestOf,
  type StreamEvent,
  type TableCommand,
  TableViolation,
  type Untimed,
  withHouseMoves,
} from '@liars-dice/game-match';
import type { CommandTarget } from './commands/match.commands';
import { MatchRepository } from './match-repository';
import { SeedVault } from './seed-vault';

/** What a match command did: the revision its result is read at, and whether it was a repeat. */
export interface CommandOutcome {
  readonly matchId: string;
  readonly revision: bigint;
  readonly repeated: boolean;
  /** The match as the command left it, when this process folded it (saves a read for the reply). */
  readonly record?: MatchRecord;
  /**
   * A machine command (CPU seat, turn timer) that did nothing because it lost: another replica's copy got in
   * first (`expected-revision`: its append was refused by the store; `already-done`: found in the stream before
   * deciding) or the match moved on past the revision it was chosen at (`moved-on`). The Dispatcher counts it.
   */
  readonly fenced?: 'expected-revision' | 'already-done' | 'moved-on';
}

/** A refusal decided on a record: an engine rule breach or a lobby/server refusal (anything else is a failure). */
function isRefusal(error: unknown): boolean {
  return error instanceof Refusal || isRuleViolation(error);
}

/** A machine command's outcome that appended nothing says why it was fenced; a client's is returned as it is. */
function fencedIf(target: CommandTarget, outcome: CommandOutcome, conflicted: boolean): CommandOutcome {
  if (target.seenRevision === undefined) return outcome;
  return { ...outcome, fenced: conflicted ? 'expected-revision' : outcome.repeated ? 'already-done' : 'moved-on' };
}

/** A refused lobby or stream command (a value from the decider) as the refusal the client gets. */
function refused(violation: TableViolation): Refusal {
  return new Refusal(violation.code, violation.message, violation.field);
}

/** Store records of a command's events: an id each, and the command's stamp in the metadata. */
function toAppend(events: readonly StreamEvent[], stamp: CommandStamp): EventToAppend[] {
  const metadata = metadataFor(stamp, events.length);
  return events.map((event, index) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: metadata[index] }));
}

/** One command on its way through the loop: where it goes, what it asks, and its fingerprint. */
interface Run {
  readonly target: CommandTarget;
  readonly command: Untimed<TableCommand>;
  readonly use: CommandUse;
}

/** What needs no decision: an unknown match, a command id the stream already holds, a stale machine command. */
function settled({ target, command, use }: Run, record: MatchRecord | null): CommandOutcome | null {
  const { matchId, commandId, seenRevision } = target;
  if (!record) {
    if (command.type === 'OpenMatch') return null;
    throw new Refusal('NOT_FOUND', `matchId: no match ${matchId}`, 'matchId');
  }
  const prior = priorUse(record.commands, commandId, use);
  if (prior instanceof TableViolation) throw refused(prior);
  if (prior !== null) return { matchId, revision: prior, repeated: true };
  // Machine senders act on the revision they saw: if the match moved on since, their command is stale.
  return seenRevision !== undefined && record.revision !== seenRevision ? { matchId, revision: record.revision, repeated: false, record } : null;
}

/**
 * The command loop (emmett's handleCommand): read the stream, check the command id, decide with
 * libs/game/match, let the house add its rolls and pulls, append with the expected revision (`no_stream` for
 * a new match); on a concurrent append, again (bounded).
 */
@Injectable()
export class MatchCommandRunner {
  constructor(
    private readonly repository: MatchRepository,
    private readonly vault: SeedVault,
    private readonly clock: Clock,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  /**
   * Decides first on the record this replica has (optimistic: accepting on a stale one is safe, the append's
   * expected revision refuses it). A refusal is only ever answered from a record checked against the store: on
   * a record that was not, the events after it are read first, and if there are any the command is decided again
   * on them. So another replica's commands never make this one refuse a valid command, and a command id retried
   * through another replica finds its first result in the stream. (A repeated id or a newer revision found in
   * the copy is in the store too: streams only grow.)
   */
  async run(target: CommandTarget, command: Untimed<TableCommand>): Promise<CommandOutcome> {
    const badId = checkCommandId(target.commandId, target.actor);
    if (badId) throw refused(badId);
    const run: Run = { target, command, use: { actor: actorKey(target.actor), command: command.type, request: requestOf(command) } };
    const { matchId, seenRevision } = target;
    let record = await this.repository.current(matchId, seenRevision);
    let checked = false;
    let conflicted = false;
    for (let attempt = 0; attempt <= this.settings.commandRetries; attempt++) {
      try {
        const done = settled(run, record);
        if (done) return fencedIf(target, done, conflicted);
        const appended = await this.decideAndAppend(run, record);
        if (appended) return appended;
        conflicted = true;
      } catch (error) {
        if (checked || !isRefusal(error)) throw error;
        // Decided on this replica's copy: refuse only if the store holds nothing newer, else decide again on it.
        const latest = await this.repository.find(matchId);
        if (latest?.revision === record?.revision) throw error;
        record = latest;
        checked = true;
        continue;
      }
      // Another writer appended first: read what it wrote and decide again.
      record = await this.repository.find(matchId);
      checked = true;
    }
    throw new Refusal('CONFLICT', 'the match kept changing under this command; send it again');
  }

  /**
   * Whether the match is ranked, when this process holds a record of it (null when not: ask the store's copy by
   * running a command). A match's plan is fixed when it opens, so any copy of it says so, however old.
   */
  rankedKnown(matchId: string): boolean | null {
    return this.repository.held(matchId)?.table.ranked ?? null;
  }

  /** One decision and its append; null when another writer appended first (the caller reads again). */
  private async decideAndAppend({ target, command, use }: Run, record: MatchRecord | null): Promise<CommandOutcome | null> {
    const { matchId, commandId, actor } = target;
    const at = this.clock.now();
    // `Object.assign`, not `{ ...command.data, at }`: V8 (Node 20) adds a property to a spread copy ~5× slower (ADR 0029).
    const events = this.decide(record, { ...command, data: Object.assign({}, command.data, { at }) } as TableCommand, at);
    if (record && events.length === 0) return { matchId, revision: record.revision, repeated: false, record };
    const appending = toAppend(events, { commandId, actor, at, command: use.command, request: use.request });
    try {
      const result = await this.repository.append(matchId, appending, record?.revision ?? 'no_stream');
      const after = this.repository.appended(matchId, record, appending, result.nextExpectedRevision) ?? undefined;
      return { matchId, revision: result.nextExpectedRevision, repeated: false, record: after };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  /** The decider's events with the house's rolls and pulls after them; a refusal is thrown as the client's error. */
  private decide(record: MatchRecord | null, command: TableCommand, at: number): readonly StreamEvent[] {
    const decided = decideTable(record ?? initialTableState, command);
    if (decided instanceof TableViolation) throw refused(decided);
    // The engine's rule breaches keep their codes (mapped to GraphQL errors in one place).
    if (decided instanceof RuleViolation) throw decided;
    return record ? this.withHouse(record, decided, at) : decided;
  }

  private withHouse(record: MatchRecord, events: readonly StreamEvent[], at: number): StreamEvent[] {
    const engine = events.filter(isEngineEvent);
    if (engine.length === 0) return [...events];
    const others = events.filter((event) => !isEngineEvent(event));
    return [...others, ...withHouseMoves(record.game, engine, this.vault.open(record.sealedSeed), at)];
  }
}
