import { createRequire } from 'node:module';
import { Metadata, status, type StatusObject } from '@grpc/grpc-js';
import type { Any as AnyMessage } from 'google-protobuf/google/protobuf/any_pb';
import type { Empty as EmptyMessage } from 'google-protobuf/google/protobuf/empty_pb';
// The generated classes are loaded from the client's own package: its serializers check `instanceof`.
import { StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import { ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { Expected, ProposedEvent, StoredEvent } from './event-log';

// google-protobuf's well-known types, resolved the way the generated code resolves them (same instances).
const fromClient = createRequire(require.resolve('@eventstore/db-client/package.json'));
const { Any } = fromClient('google-protobuf/google/protobuf/any_pb') as { Any: new () => AnyMessage };
const { Empty } = fromClient('google-protobuf/google/protobuf/empty_pb') as { Empty: new () => EmptyMessage };

export const wellKnown = { Any, Empty };

export function streamNameOf(identifier: StreamIdentifier | undefined): string {
  return identifier ? Buffer.from(identifier.getStreamName_asU8()).toString('utf8') : '';
}

export function streamIdentifier(name: string): StreamIdentifier {
  return new StreamIdentifier().setStreamName(Uint8Array.from(Buffer.from(name, 'utf8')));
}

/** Event ids arrive as strings (the client asks for them) or as two signed 64-bit halves. */
export function uuidOf(uuid: UUID | undefined): string {
  if (!uuid) return '';
  const structured = uuid.getStructured();
  if (!structured) return uuid.getString();
  const bytes = Buffer.alloc(16);
  bytes.writeBigInt64BE(BigInt(structured.getMostSignificantBits()), 0);
  bytes.writeBigInt64BE(BigInt(structured.getLeastSignificantBits()), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuid(id: string): UUID {
  return new UUID().setString(id);
}

/** The four ways every write names its expectation share field numbers across messages (2..5). */
export function expectedOf(caseNumber: number, revision: () => string): Expected {
  switch (caseNumber) {
    case 2:
      return { kind: 'revision', revision: BigInt(revision()) };
    case 3:
      return { kind: 'no_stream' };
    case 5:
      return { kind: 'stream_exists' };
    default:
      return { kind: 'any' };
  }
}

interface WireProposal {
  getId(): UUID | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

/** `type` and `content-type` are required, as on the real server. */
export function proposedOf(message: WireProposal): ProposedEvent | null {
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (!type || !contentType) return null;
  return {
    id: uuidOf(message.getId()),
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

export function readEvent(stored: StoredEvent): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuid(stored.id))
    .setStreamIdentifier(streamIdentifier(stored.stream))
    .setStreamRevision(stored.revision.toString())
    .setCommitPosition(stored.position.toString())
    .setPreparePosition(stored.position.toString())
    .setData(stored.data)
    .setCustomMetadata(stored.customMetadata);
  const map = recorded.getMetadataMap();
  map.set('type', stored.type);
  map.set('content-type', stored.contentType);
  map.set('created', stored.created.toString());
  const event = new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(stored.position.toString());
  return new ReadResp().setEvent(event);
}

/** A gRPC error in the shape the client maps by its `exception` trailer. */
export function rpcError(
  code: status,
  details: string,
  trailers: Record<string, string> = {},
): Partial<StatusObject> {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(trailers)) metadata.set(key, value);
  return { code, details, metadata };
}

export function streamDeletedError(stream: string): Partial<StatusObject> {
  return rpcError(status.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, {
    exception: 'stream-deleted',
    'stream-name': stream,
  });
}

export function wrongExpectedVersionError(stream: string, expected: Expected, current: bigint | null) {
  const trailers: Record<string, string> = {
    exception: 'wrong-expected-version',
    'stream-name': stream,
    'expected-version': expected.kind === 'revision' ? expected.revision.toString() : expectedCode(expected),
  };
  if (current !== null) trailers['actual-version'] = current.toString();
  return rpcError(
    status.FAILED_PRECONDITION,
    `Append failed due to WrongExpectedVersion. Stream: ${stream}`,
    trailers,
  );
}

export function maxAppendSizeError(maxAppendSize: number): Partial<StatusObject> {
  return rpcError(status.INVALID_ARGUMENT, `Maximum Append Size of ${maxAppendSize} Exceeded.`, {
    exception: 'maximum-append-size-exceeded',
    'maximum-append-size': String(maxAppendSize),
  });
}

export function missingMetadataError(): Partial<StatusObject> {
  return rpcError(status.INVALID_ARGUMENT, 'Required metadata properties are missing: type, content-type', {
    exception: 'missing-required-metadata-property',
    'required-metadata-properties': 'type,content-type',
  });
}

function expectedCode(expected: Expected): string {
  return { any: '-2', no_stream: '-1', stream_exists: '-4', revision: '' }[expected.kind];
}
