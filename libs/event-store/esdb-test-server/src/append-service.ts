import {
  status,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerReadableStream,
} from '@grpc/grpc-js';
import type { Code } from '@eventstore/db-client/generated/code_pb';
import {
  AllStreamPosition,
  Empty as SharedEmpty,
  MaximumAppendSizeExceeded,
  StreamDeleted,
  Unknown,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import {
  type AppendReq,
  AppendResp,
  type BatchAppendReq,
  BatchAppendResp,
} from '@eventstore/db-client/generated/streams_pb';
import type { EventLog, Expected, ProposedEvent, WriteOutcome } from './event-log';
import type { OpenCalls } from './subscription';
import {
  expectedOf,
  maxAppendSizeError,
  missingMetadataError,
  proposedOf,
  rpcError,
  streamDeletedError,
  streamIdentifier,
  streamNameOf,
  wellKnown,
} from './wire';

/** `Streams.Append`: options first, then one message per event, one reply (success or conflict, never neither). */
export function handleAppend(log: EventLog) {
  return (call: ServerReadableStream<AppendReq, AppendResp>, callback: sendUnaryData<AppendResp>): void => {
    let stream = '';
    let expected: Expected = { kind: 'any' };
    let invalid = false;
    const events: ProposedEvent[] = [];
    call.on('data', (request: AppendReq) => {
      const options = request.getOptions();
      if (options) {
        stream = streamNameOf(options.getStreamIdentifier());
        expected = expectedOf(options.getExpectedStreamRevisionCase(), () => options.getRevision());
        return;
      }
      const proposed = request.getProposedMessage();
      const event = proposed ? proposedOf(proposed) : null;
      if (event) events.push(event);
      else invalid = true;
    });
    call.on('end', () => {
      if (invalid) return callback(missingMetadataError());
      const outcome = log.append(stream, expected, events);
      if (outcome.kind === 'stream-deleted') return callback(streamDeletedError(stream));
      if (outcome.kind === 'too-large') return callback(maxAppendSizeError(outcome.maxAppendSize));
      callback(null, appendResponse(outcome, expected));
    });
  };
}

function appendResponse(outcome: WriteOutcome, expected: Expected): AppendResp {
  if (outcome.kind === 'success') {
    const success = new AppendResp.Success();
    if (outcome.currentRevision === null) success.setNoStream(new SharedEmpty());
    else success.setCurrentRevision(outcome.currentRevision.toString());
    if (outcome.position === null) success.setNoPosition(new SharedEmpty());
    else success.setPosition(position(new AppendResp.Position(), outcome.position));
    return new AppendResp().setSuccess(success);
  }
  const conflict = new AppendResp.WrongExpectedVersion();
  const current = outcome.kind === 'wrong-expected-version' ? outcome.current : null;
  if (current === null) conflict.setCurrentNoStream(new SharedEmpty());
  else conflict.setCurrentRevision(current.toString());
  if (expected.kind === 'revision') conflict.setExpectedRevision(expected.revision.toString());
  else if (expected.kind === 'no_stream') conflict.setExpectedNoStream(new SharedEmpty());
  else if (expected.kind === 'stream_exists') conflict.setExpectedStreamExists(new SharedEmpty());
  else conflict.setExpectedAny(new SharedEmpty());
  return new AppendResp().setWrongExpectedVersion(conflict);
}

interface PendingBatch {
  stream: string;
  expected: Expected;
  readonly events: ProposedEvent[];
  invalid: boolean;
}

/**
 * `Streams.BatchAppend`: one long-lived duplex per channel; requests are chunks keyed by correlation id,
 * the options come with the first chunk, `is_final` closes a write. Every reply names the stream: the
 * client reads it even on errors.
 */
export function handleBatchAppend(log: EventLog, openCalls: OpenCalls) {
  return (call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void => {
    const pending = new Map<string, PendingBatch>();
    const handle = {
      interrupt: (code: status, details: string) => call.emit('error', rpcError(code, details)),
    };
    openCalls.add(handle);
    call.on('close', () => openCalls.delete(handle));
    call.on('cancelled', () => openCalls.delete(handle));
    call.on('data', (request: BatchAppendReq) => {
      const correlation = request.getCorrelationId();
      const key = correlation?.getString() ?? '';
      const batch = pending.get(key) ?? startBatch(request);
      pending.set(key, batch);
      for (const message of request.getProposedMessagesList()) {
        const event = proposedOf(message);
        if (event) batch.events.push(event);
        else batch.invalid = true;
      }
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const response = batchResponse(log, batch).setStreamIdentifier(streamIdentifier(batch.stream));
      if (correlation) response.setCorrelationId(correlation);
      call.write(response);
    });
    call.on('end', () => call.end());
    call.on('error', () => {
      pending.clear();
      openCalls.delete(handle);
    });
  };
}

function startBatch(request: BatchAppendReq): PendingBatch {
  const options = request.getOptions();
  return {
    stream: streamNameOf(options?.getStreamIdentifier()),
    expected: options
      ? expectedOf(options.getExpectedStreamPositionCase(), () => options.getStreamPosition())
      : { kind: 'any' },
    events: [],
    invalid: false,
  };
}

function batchResponse(log: EventLog, batch: PendingBatch): BatchAppendResp {
  if (batch.invalid) {
    // The client unpacks `details` unconditionally: an error without them would crash it.
    return errorResponse(status.INVALID_ARGUMENT, 'Required metadata properties are missing', [
      new Unknown().serializeBinary(),
      'event_store.client.Unknown',
    ]);
  }
  const outcome = log.append(batch.stream, batch.expected, batch.events);
  switch (outcome.kind) {
    case 'success': {
      const success = new BatchAppendResp.Success();
      if (outcome.currentRevision === null) success.setNoStream(new wellKnown.Empty());
      else success.setCurrentRevision(outcome.currentRevision.toString());
      if (outcome.position === null) success.setNoPosition(new wellKnown.Empty());
      else success.setPosition(position(new AllStreamPosition(), outcome.position));
      return new BatchAppendResp().setSuccess(success);
    }
    case 'wrong-expected-version':
      return errorResponse(status.FAILED_PRECONDITION, 'WrongExpectedVersion', [
        conflictDetails(batch.expected, outcome.current).serializeBinary(),
        'event_store.client.WrongExpectedVersion',
      ]);
    case 'stream-deleted':
      return errorResponse(status.FAILED_PRECONDITION, 'StreamDeleted', [
        new StreamDeleted().setStreamIdentifier(streamIdentifier(batch.stream)).serializeBinary(),
        'event_store.client.StreamDeleted',
      ]);
    case 'too-large':
      return errorResponse(status.INVALID_ARGUMENT, 'MaximumAppendSizeExceeded', [
        new MaximumAppendSizeExceeded().setMaxappendsize(outcome.maxAppendSize).serializeBinary(),
        'event_store.client.MaximumAppendSizeExceeded',
      ]);
  }
}

function conflictDetails(expected: Expected, current: bigint | null): WrongExpectedVersion {
  const details = new WrongExpectedVersion();
  if (current === null) details.setCurrentNoStream(new wellKnown.Empty());
  else details.setCurrentStreamRevision(current.toString());
  if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') details.setExpectedNoStream(new wellKnown.Empty());
  else if (expected.kind === 'stream_exists') details.setExpectedStreamExists(new wellKnown.Empty());
  else details.setExpectedAny(new wellKnown.Empty());
  return details;
}

function errorResponse(code: status, message: string, details: [Uint8Array, string]): BatchAppendResp {
  const any = new wellKnown.Any();
  any.pack(details[0], details[1]);
  const error = new Status()
    .setCode(code as number as Code)
    .setMessage(message)
    .setDetails(any);
  return new BatchAppendResp().setError(error);
}

function position<T extends { setCommitPosition(v: string): T; setPreparePosition(v: string): T }>(
  target: T,
  at: bigint,
): T {
  return target.setCommitPosition(at.toString()).setPreparePosition(at.toString());
}
