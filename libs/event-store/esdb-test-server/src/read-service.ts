import { status, type ServerWritableStream } from '@grpc/grpc-js';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { EventLog, StoredEvent } from './event-log';
import { subscribe, type CallTracking } from './subscription';
import { readEvent, rpcError, streamDeletedError, streamIdentifier, streamNameOf } from './wire';

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;
const StreamRevision = ReadReq.Options.StreamOptions.RevisionOptionCase;
const AllPosition = ReadReq.Options.AllOptions.AllOptionCase;

/**
 * `Streams.Read` serves reads and subscriptions. Reads are inclusive of their starting revision or
 * position, except a backwards `$all` read, which (like the real server) starts strictly before it.
 */
export function handleRead(log: EventLog, tracking: CallTracking) {
  return (call: ReadCall): void => {
    const options = call.request.getOptions();
    if (!options) {
      call.emit('error', rpcError(status.INVALID_ARGUMENT, 'Read options are required'));
      return;
    }
    if (options.hasSubscription()) {
      subscribe(log, call, options, tracking);
      return;
    }
    const count = options.hasCount() ? Number(BigInt(options.getCount())) : Number.MAX_SAFE_INTEGER;
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const stream = options.getStream();
    const events = stream
      ? readStream(log, call, stream, backwards)
      : readAll(log, options.getAll(), backwards);
    if (events === null) return;
    for (const event of events.slice(0, count)) call.write(readEvent(event));
    call.end();
  };
}

function readStream(
  log: EventLog,
  call: ReadCall,
  options: ReadReq.Options.StreamOptions,
  backwards: boolean,
) {
  const name = streamNameOf(options.getStreamIdentifier());
  const stream = log.stream(name);
  if (stream?.tombstoned) {
    call.emit('error', streamDeletedError(name));
    return null;
  }
  if (!stream) {
    const notFound = new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name));
    call.write(new ReadResp().setStreamNotFound(notFound));
    call.end();
    return null;
  }
  const ordered = backwards ? [...stream.visible].reverse() : [...stream.visible];
  switch (options.getRevisionOptionCase()) {
    case StreamRevision.END:
      return backwards ? ordered : [];
    case StreamRevision.REVISION: {
      const from = BigInt(options.getRevision());
      return ordered.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
    }
    default:
      return backwards ? ordered.slice(-1) : ordered;
  }
}

function readAll(
  log: EventLog,
  options: ReadReq.Options.AllOptions | undefined,
  backwards: boolean,
): StoredEvent[] {
  const ordered = backwards ? [...log.all].reverse() : log.all;
  switch (options?.getAllOptionCase()) {
    case AllPosition.END:
      return backwards ? ordered : [];
    case AllPosition.POSITION: {
      const from = BigInt(options.getPosition()?.getCommitPosition() ?? '0');
      return ordered.filter((e) => (backwards ? e.position < from : e.position >= from));
    }
    default:
      return backwards ? [] : ordered;
  }
}
