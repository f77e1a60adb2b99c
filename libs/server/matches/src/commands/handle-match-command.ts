import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventToAppend, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { isRuleViolation } from '@liars-dice/game-rules';
import {
  actorKey,
  checkCommandId,
  type CommandStamp,
  type CommandUse,
  type MatchRecord,
  metadataFor,
  priorUse,
  requestOf,
  type StreamEvent,
  type TableCommand,
  TableViolation,
  type Untimed,
} from '@liars-dice/game-match';
import { LiveMatches } from '../live-matches';
import { MatchStore } from '../match-store';
import type { CommandTarget } from './match.commands';
import { MatchDecider, refused } from './match-decider';

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
   * deciding) or the match moved on past the revision it was chosen at (`moved-on`). The command gate counts it.
   */
  readonly fenced?: 'expected-revision' | 'already-done' | 'moved-on';
}

/** What every match command's handler hands the loop: where state is read, how it is decided, where it goes. */
@Injectable()
export class MatchCommandContext {
  readonly retries: number;

  constructor(
    readonly matches: LiveMatches,
    readonly store: MatchStore,
    readonly decider: MatchDecider,
    @Inject(SERVER_SETTINGS) settings: Pick<ServerSettings, 'commandRetries'>,
  ) {
    this.retries = settings.commandRetries;
  }
}

/** One command on its way through the loop: where it goes, what it asks, and its fingerprint. */
interface Run {
  readonly target: CommandTarget;
  readonly command: Untimed<TableCommand>;
  readonly use: CommandUse;
}

/**
 * The command loop (emmett's `handleCommand`): read the match, check the command id, decide, append with the
 * expected revision (`no_stream` for a new match); on a concurrent append, read and decide again (bounded).
 *
 * It decides first on the record this process holds (optimistic: accepting on a stale one is safe, the append's
 * expected revision refuses it). A refusal is only ever answered from a record checked against the store: on one
 * that was not, the events after it are read first, and if there are any the command is decided again on them.
 * So another replica's commands never make this one refuse a valid command, and a command id retried through
 * another replica finds its first result in the stream (ADR 0015). Streams only grow: a repeated id or a newer
 * revision found in the copy held is in the store too.
 */
export async function handleMatchCommand(
  context: MatchCommandContext,
  target: CommandTarget,
  command: Untimed<TableCommand>,
): Promise<CommandOutcome> {
  const badId = checkCommandId(target.commandId, target.actor);
  if (badId) throw refused(badId);
  const run: Run = {
    target,
    command,
    use: { actor: actorKey(target.actor), command: command.type, request: requestOf(command) },
  };
  const { matches } = context;
  let record = await matches.current(target.matchId, target.seenRevision);
  let checked = false;
  let conflicted = false;
  for (let attempt = 0; attempt <= context.retries; attempt++) {
    try {
      const done = settled(run, record);
      if (done) return fencedIf(target, done, conflicted);
      const appended = await decideAndAppend(context, run, record);
      if (appended) return appended;
      conflicted = true;
    } catch (error) {
      if (checked || !isRefusal(error)) throw error;
      // Decided on this process's copy: refuse only if the store holds nothing newer, else decide again on it.
      const latest = await matches.read(target.matchId);
      if (latest?.revision === record?.revision) throw error;
      record = latest;
      checked = true;
      continue;
    }
    // Another writer appended first: read what it wrote and decide again.
    record = await matches.read(target.matchId);
    checked = true;
  }
  throw new Refusal('CONFLICT', 'the match kept changing under this command; send it again');
}

/** One decision and its append; null when another writer appended first (the caller reads again). */
async function decideAndAppend(
  context: MatchCommandContext,
  { target, command, use }: Run,
  record: MatchRecord | null,
): Promise<CommandOutcome | null> {
  const { matchId, commandId, actor } = target;
  const { at, events } = context.decider.decide(record, command);
  if (record && events.length === 0) return { matchId, revision: record.revision, repeated: false, record };
  const appending = toAppend(events, {
    commandId,
    actor,
    at,
    command: use.command,
    request: use.request,
    replica: context.matches.replica,
  });
  try {
    const result = await context.store.append(matchId, appending, record?.revision ?? 'no_stream');
    const after =
      context.matches.appended(matchId, record, appending, result.nextExpectedRevision) ?? undefined;
    return { matchId, revision: result.nextExpectedRevision, repeated: false, record: after };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
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
  return seenRevision !== undefined && record.revision !== seenRevision
    ? { matchId, revision: record.revision, repeated: false, record }
    : null;
}

/** A machine command's outcome that appended nothing says why it was fenced; a client's is returned as it is. */
function fencedIf(target: CommandTarget, outcome: CommandOutcome, conflicted: boolean): CommandOutcome {
  if (target.seenRevision === undefined) return outcome;
  return {
    ...outcome,
    fenced: conflicted ? 'expected-revision' : outcome.repeated ? 'already-done' : 'moved-on',
  };
}

/** A refusal decided on a record: an engine rule breach or a lobby/server refusal (anything else is a failure). */
function isRefusal(error: unknown): boolean {
  return error instanceof Refusal || isRuleViolation(error);
}

/** Store records of a command's events: an id each, and the command's stamp in the metadata. */
function toAppend(events: readonly StreamEvent[], stamp: CommandStamp): EventToAppend[] {
  const metadata = metadataFor(stamp, events.length);
  return events.map((event, index) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: metadata[index],
  }));
}
