import { randomUUID } from 'node:crypto';
import { type status, type ServerWritableStream } from '@grpc/grpc-js';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { EventLog, StoredEvent } from './event-log';
import { readEvent, rpcError, streamNameOf } from './wire';

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;
const StreamRevision = ReadReq.Options.StreamOptions.RevisionOptionCase;
const AllPosition = ReadReq.Options.AllOptions.AllOptionCase;
/** The server's default search window when the client sends `count` instead of `max`. */
const DEFAULT_SEARCH_WINDOW = 32;

/** Long-lived calls, so that the server can cut them all at once ("the node went away"). */
export type OpenCalls = Set<{ interrupt(code: status, details: string): void }>;

/** What a client asked for when it subscribed: tests check where a resubscription resumed. */
export interface SubscriptionStart {
  /** `$all` or the stream name. */
  readonly target: string;
  /** A revision or position is exclusive: delivery starts after it. */
  readonly from: 'start' | 'end' | bigint;
}

export interface CallTracking {
  readonly openCalls: OpenCalls;
  readonly subscriptions: SubscriptionStart[];
}

interface Plan {
  /** Index in the log where scanning starts: subscriptions begin *after* the given revision/position. */
  readonly cursor: number;
  readonly accept: (event: StoredEvent) => boolean;
  /** Send a checkpoint every this many considered events (filtered `$all` subscriptions only). */
  readonly checkpointEvery: number | null;
}

/**
 * One cursor over the whole log serves catch-up and live alike: it stops at the end, and every commit
 * moves it on. So there is no hand-over between the two phases, hence no gap and no duplicate.
 */
export function subscribe(
  log: EventLog,
  call: ReadCall,
  options: ReadReq.Options,
  { openCalls, subscriptions }: CallTracking,
): void {
  const stream = options.getStream();
  const plan = stream ? streamPlan(log, stream) : allPlan(log, options);
  subscriptions.push(startOf(options));
  let cursor = plan.cursor;
  // "Caught up" means: everything stored when the subscription started has been sent; live events follow.
  const endAtStart = log.all.length;
  let considered = 0;
  let caughtUp = false;
  let waitingForDrain = false;
  let open = true;

  const checkpoint = (at: StoredEvent) => {
    const message = new ReadResp.Checkpoint()
      .setCommitPosition(at.position.toString())
      .setPreparePosition(at.position.toString());
    return call.write(new ReadResp().setCheckpoint(message));
  };
  const announceCaughtUp = () => {
    caughtUp = true;
    const sent = call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
    const last = log.all[cursor - 1];
    return plan.checkpointEvery && last ? checkpoint(last) && sent : sent;
  };
  const step = () => {
    const event = log.all[cursor++] as StoredEvent;
    considered++;
    let sent = plan.accept(event) ? call.write(readEvent(event)) : true;
    if (plan.checkpointEvery && considered % plan.checkpointEvery === 0) sent = checkpoint(event) && sent;
    return sent;
  };
  const pump = () => {
    if (!open || waitingForDrain) return;
    let writable = true;
    while (writable && (cursor < log.all.length || !caughtUp)) {
      writable = !caughtUp && cursor >= endAtStart ? announceCaughtUp() : step();
    }
    if (writable) return;
    waitingForDrain = true;
    call.once('drain', () => {
      waitingForDrain = false;
      pump();
    });
  };

  const handle = {
    interrupt: (code: status, details: string) => {
      close();
      call.emit('error', rpcError(code, details));
    },
  };
  const unsubscribe = log.onCommit(pump);
  const close = () => {
    open = false;
    unsubscribe();
    openCalls.delete(handle);
  };
  openCalls.add(handle);
  call.on('cancelled', close);
  call.on('close', close);
  call.on('error', close);
  const confirmation = new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
  call.write(new ReadResp().setConfirmation(confirmation));
  pump();
}

function streamPlan(log: EventLog, options: ReadReq.Options.StreamOptions): Plan {
  const name = streamNameOf(options.getStreamIdentifier());
  const inStream = (event: StoredEvent) => event.stream === name && log.isVisibleInStream(event);
  switch (options.getRevisionOptionCase()) {
    case StreamRevision.END:
      return { cursor: log.all.length, accept: inStream, checkpointEvery: null };
    case StreamRevision.REVISION: {
      const after = BigInt(options.getRevision());
      return { cursor: 0, accept: (e) => inStream(e) && e.revision > after, checkpointEvery: null };
    }
    default:
      return { cursor: 0, accept: inStream, checkpointEvery: null };
  }
}

function allPlan(log: EventLog, options: ReadReq.Options): Plan {
  const all = options.getAll();
  const filter = options.getFilter();
  const accept = filter ? filterOf(filter) : () => true;
  const window = filter?.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW;
  const checkpointEvery = filter
    ? Math.max(1, window * Math.max(1, filter.getCheckpointintervalmultiplier()))
    : null;
  switch (all?.getAllOptionCase()) {
    case AllPosition.END:
      return { cursor: log.all.length, accept, checkpointEvery };
    case AllPosition.POSITION: {
      const after = BigInt(all.getPosition()?.getCommitPosition() ?? '0');
      const index = log.all.findIndex((e) => e.position > after);
      return { cursor: index < 0 ? log.all.length : index, accept, checkpointEvery };
    }
    default:
      return { cursor: 0, accept, checkpointEvery };
  }
}

/** Server-side filters: on the stream name or the event type, by prefixes or by a regular expression. */
function filterOf(filter: ReadReq.Options.FilterOptions): (event: StoredEvent) => boolean {
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  const prefixes = expression?.getPrefixList() ?? [];
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  return (event) => {
    const subject = onStream ? event.stream : event.type;
    if (prefixes.length > 0) return prefixes.some((prefix) => subject.startsWith(prefix));
    return regex ? regex.test(subject) : true;
  };
}

function startOf(options: ReadReq.Options): SubscriptionStart {
  const stream = options.getStream();
  if (stream) {
    const revisionCase = stream.getRevisionOptionCase();
    const from =
      revisionCase === StreamRevision.REVISION
        ? BigInt(stream.getRevision())
        : revisionCase === StreamRevision.END
          ? 'end'
          : 'start';
    return { target: streamNameOf(stream.getStreamIdentifier()), from };
  }
  const all = options.getAll();
  const position = all?.getPosition();
  const from = position
    ? BigInt(position.getCommitPosition())
    : all?.getAllOptionCase() === AllPosition.END
      ? 'end'
      : 'start';
  return { target: '$all', from };
}
