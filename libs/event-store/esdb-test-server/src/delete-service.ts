import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import {
  type DeleteReq,
  DeleteResp,
  type TombstoneReq,
  TombstoneResp,
} from '@eventstore/db-client/generated/streams_pb';
import type { EventLog, WriteOutcome } from './event-log';
import {
  expectedOf,
  maxAppendSizeError,
  streamDeletedError,
  streamNameOf,
  wrongExpectedVersionError,
} from './wire';

type Options = DeleteReq.Options | TombstoneReq.Options;
interface PositionedReply<P> {
  setPosition(value: P): unknown;
}

/** `Streams.Delete` (soft) and `Streams.Tombstone` (hard): unary, conflicts come back as gRPC errors. */
export function handleDelete(log: EventLog) {
  return (call: ServerUnaryCall<DeleteReq, DeleteResp>, callback: sendUnaryData<DeleteResp>): void => {
    reply(
      call.request.getOptions(),
      (name, expected) => log.softDelete(name, expected),
      callback,
      () => ({
        response: new DeleteResp(),
        position: new DeleteResp.Position(),
      }),
    );
  };
}

export function handleTombstone(log: EventLog) {
  return (
    call: ServerUnaryCall<TombstoneReq, TombstoneResp>,
    callback: sendUnaryData<TombstoneResp>,
  ): void => {
    reply(
      call.request.getOptions(),
      (name, expected) => log.tombstone(name, expected),
      callback,
      () => ({
        response: new TombstoneResp(),
        position: new TombstoneResp.Position(),
      }),
    );
  };
}

function reply<
  R extends PositionedReply<P>,
  P extends { setCommitPosition(v: string): P; setPreparePosition(v: string): P },
>(
  options: Options | undefined,
  write: (name: string, expected: ReturnType<typeof expectedOf>) => WriteOutcome,
  callback: sendUnaryData<R>,
  create: () => { response: R; position: P },
): void {
  const name = streamNameOf(options?.getStreamIdentifier());
  const expected = options
    ? expectedOf(options.getExpectedStreamRevisionCase(), () => options.getRevision())
    : { kind: 'any' as const };
  const outcome = write(name, expected);
  switch (outcome.kind) {
    case 'success': {
      const { response, position } = create();
      if (outcome.position !== null) {
        const at = outcome.position.toString();
        response.setPosition(position.setCommitPosition(at).setPreparePosition(at));
      }
      return callback(null, response);
    }
    case 'wrong-expected-version':
      return callback(wrongExpectedVersionError(name, expected, outcome.current));
    case 'stream-deleted':
      return callback(streamDeletedError(name));
    case 'too-large':
      return callback(maxAppendSizeError(outcome.maxAppendSize));
  }
}
