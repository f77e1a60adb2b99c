import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { type Actor, actorKey, checkCommandId, type CommandEntry, metadataFor, priorUse, readMetadata } from '@liars-dice/game-match';
import { ModerationViolation } from '@liars-dice/game-moderation';
import { Clock, EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';

interface Message {
  readonly type: string;
  readonly data: unknown;
}

/** One stream's decider as the runner needs it: its name, its fold, its decision, and the types it folds. */
export interface StreamModel<S, E extends Message, C> {
  readonly stream: string;
  readonly initial: S;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (state: S, command: C) => readonly E[] | ModerationViolation;
  readonly types: ReadonlySet<string>;
}

/** Who sends a command, under which id, asking what (an exact retry is told from a reused id by these). */
export interface Sent {
  readonly commandId: string;
  readonly actor: Actor;
  readonly command: string;
  readonly request: Readonly<Record<string, unknown>>;
  /** Sent by the server itself (the reactor, whose ids are the effects' keys): not a client's id to check. */
  readonly machine?: boolean;
}

/** What a command did: the state before and after it, the events it appended (none for a repeat). */
export interface Ran<S, E> {
  readonly before: S;
  readonly after: S;
  readonly events: readonly E[];
  readonly repeated: boolean;
  /** Global position of the last event appended (null when nothing was). */
  readonly position: bigint | null;
}

/** A stream's state as folded up to `revision` (null: the stream does not exist). */
export interface FoldedState<S> {
  readonly state: S;
  readonly revision: bigint | null;
}

interface Folded<S> extends FoldedState<S> {
  readonly commands: Map<string, CommandEntry>;
}

export function refusalOf(violation: ModerationViolation): Refusal {
  return new Refusal(violation.code, violation.message, violation.field);
}

/**
 * The command loop for moderation's streams (emmett's handleCommand, as the match runner): read and fold the
 * stream, refuse a reused command id, decide with libs/game/moderation at the clock's time, append with the
 * expected revision; on a concurrent append, again (bounded).
 */
@Injectable()
export class StreamRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
  ) {}

  async run<S, E extends Message, C>(model: StreamModel<S, E, C>, sent: Sent, command: (at: number) => C): Promise<Ran<S, E>> {
    const badId = sent.machine ? null : checkCommandId(sent.commandId, sent.actor);
    if (badId) throw new Refusal(badId.code, badId.message, badId.field);
    for (let attempt = 0; attempt <= this.settings.commandRetries; attempt++) {
      const folded = await this.read(model);
      const prior = priorUse(folded.commands, sent.commandId, { actor: actorKey(sent.actor), command: sent.command, request: sent.request });
      if (prior instanceof Error) throw new Refusal(prior.code, prior.message, prior.field);
      if (prior !== null) return { before: folded.state, after: folded.state, events: [], repeated: true, position: null };
      const ran = await this.decideAndAppend(model, folded, sent, command(this.clock.now()));
      if (ran) return ran;
    }
    throw new Refusal('CONFLICT', 'the stream kept changing under this command; send it again');
  }

  /**
   * The store's last position now: once a command and its effects are written, every write of it is at or before
   * this (what a mutation answers as `position`, for a read that must see it: docs/adr/0071).
   */
  async written(): Promise<bigint> {
    const [last] = await this.store.readAll({ direction: 'backwards', maxCount: 1 });
    return last?.position ?? 0n;
  }

  /** The stream's state as stored now. */
  async state<S, E extends Message, C>(model: StreamModel<S, E, C>): Promise<S> {
    return (await this.read(model)).state;
  }

  /**
   * The stream's state as stored now, folded on from `known` (what this method returned before for the same
   * model): only the events past its revision are read, and a stream that does not exist costs no error. The
   * store is asked every time, so the answer is never staler than the read. Streams here are never deleted; one
   * that reads as absent drops what was known.
   */
  async stateSince<S, E extends Message, C>(model: StreamModel<S, E, C>, known: FoldedState<S> | null): Promise<FoldedState<S>> {
    const after = known?.revision ?? null;
    const recorded = await this.store.readStreamIfExists(model.stream, { fromRevision: after === null ? 'start' : after + 1n });
    if (recorded === null) return { state: model.initial, revision: null };
    if (recorded.length === 0) return known ?? { state: model.initial, revision: null };
    return { state: fold(model, after === null ? model.initial : (known as FoldedState<S>).state, recorded), revision: recorded.at(-1)!.revision };
  }

  private async decideAndAppend<S, E extends Message, C>(model: StreamModel<S, E, C>, folded: Folded<S>, sent: Sent, command: C): Promise<Ran<S, E> | null> {
    const decided = model.decide(folded.state, command);
    if (decided instanceof ModerationViolation) throw refusalOf(decided);
    if (decided.length === 0) return { before: folded.state, after: folded.state, events: [], repeated: false, position: null };
    const metadata = metadataFor({ commandId: sent.commandId, actor: sent.actor, at: this.clock.now(), command: sent.command, request: sent.request }, decided.length);
    const events = decided.map((event, i) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: metadata[i] }));
    try {
      const result = await this.store.appendToStream(model.stream, events, { expectedRevision: folded.revision ?? 'no_stream' });
      return { before: folded.state, after: decided.reduce(model.evolve, folded.state), events: decided, repeated: false, position: result.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  private async read<S, E extends Message, C>(model: StreamModel<S, E, C>): Promise<Folded<S>> {
    const recorded = await this.store.readStreamIfExists(model.stream);
    if (recorded === null) return { state: model.initial, revision: null, commands: new Map() };
    const commands = new Map<string, CommandEntry>();
    for (const event of recorded) remember(commands, event);
    return { state: fold(model, model.initial, recorded), revision: recorded.at(-1)?.revision ?? null, commands };
  }
}

/** `state` with the events of the model's types applied, in order. */
function fold<S, E extends Message, C>(model: StreamModel<S, E, C>, state: S, recorded: readonly RecordedEvent[]): S {
  let folded = state;
  for (const event of recorded) if (model.types.has(event.type)) folded = model.evolve(folded, { type: event.type, data: event.data } as E);
  return folded;
}

/** Notes the command id an event was appended under (its fingerprint is on the batch's first event only). */
function remember(commands: Map<string, CommandEntry>, event: RecordedEvent): void {
  const { commandId, actor, command, request } = readMetadata(event.metadata);
  if (commandId === null) return;
  const first = commands.get(commandId);
  commands.set(commandId, { revision: event.revision, actor: actor ?? first?.actor ?? null, command: command ?? first?.command ?? null, request: request ?? first?.request ?? null });
}
