import type { IncomingHttpHeaders } from 'node:http';
import { TurnOutbox } from '@liars-dice/platform-threads';
import type { TrustProxy } from './client-address';

/** What the edge thread tells the main thread (ADR 0036). The messages of one event-loop turn go in one post (ADR 0040). */
export type FromEdge =
  /** A plain JSON POST to /graphql, read whole: `received` on the clock both threads share (ms). */
  | { readonly k: 'http'; readonly id: number; readonly body: string; readonly headers: IncomingHttpHeaders; readonly ip: string | undefined; readonly received: number }
  | { readonly k: 'open'; readonly sid: number; readonly protocol: string; readonly ip: string | undefined }
  | { readonly k: 'message'; readonly sid: number; readonly text: string }
  | { readonly k: 'closed'; readonly sid: number; readonly code: number; readonly reason: string }
  | { readonly k: 'warn'; readonly fields: Record<string, unknown>; readonly message: string };

/** What the main thread tells the edge thread. */
export type ToEdge =
  | { readonly k: 'answer'; readonly id: number; readonly status: number; readonly headers: ReadonlyArray<readonly [string, string]>; readonly body: string }
  | { readonly k: 'send'; readonly sid: number; readonly text: string }
  | { readonly k: 'close'; readonly sid: number; readonly code: number; readonly reason: string };

/** Control messages, posted on their own (never batched). */
export type EdgeControl = { readonly k: 'listening'; readonly port: number } | { readonly k: 'failed'; readonly message: string } | { readonly k: 'stopped' };
export type EdgeCommand = { readonly k: 'stop-listening' } | { readonly k: 'shutdown' };

/** The edge thread's settings (its workerData). */
export interface EdgeSettings {
  readonly host: string;
  readonly port: number;
  readonly backlog: number;
  /** Where the main thread's own HTTP server (Express: health, metrics, Apollo's other routes) listens on loopback. */
  readonly internalPort: number;
  readonly path: string;
  readonly maxBodyBytes: number;
  readonly keepAliveMs: number;
  /** Open websockets one remote address may hold (MAX_SOCKETS_PER_ADDRESS; 0: no bound). */
  readonly maxSocketsPerAddress: number;
  /** Whose X-Forwarded-For is believed (TRUST_PROXY): the client's address on every path is derived with it. */
  readonly trustProxy: TrustProxy;
  /** Vouches to the main thread's Express for the X-Forwarded-For of a request proxied to it (edge-key.ts). */
  readonly edgeKey: string;
}

/*
 * On the wire each batch is one flat array of primitives (a kind code, then the message's fields in a fixed order):
 * structured cloning copies a flat array of strings and numbers several times faster than the same messages as
 * objects, whose property names are written out for every one (ADR 0036: the hand-off is paid on the main thread).
 */
const enum Code {
  Send = 1,
  Close = 2,
  Answer = 3,
  Message = 4,
  Closed = 5,
  Http = 6,
  Open = 7,
  Warn = 8,
}

export function encodeToEdge(message: ToEdge, into: unknown[]): void {
  if (message.k === 'send') into.push(Code.Send, message.sid, message.text);
  else if (message.k === 'close') into.push(Code.Close, message.sid, message.code, message.reason);
  else into.push(Code.Answer, message.id, message.status, message.headers.flat().join('\n'), message.body);
}

/** Header names and values cannot hold a line feed: the answer's headers travel as one joined string. */
function headerPairs(joined: string): Array<[string, string]> {
  const parts = joined === '' ? [] : joined.split('\n');
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < parts.length; i += 2) pairs.push([parts[i] as string, parts[i + 1] as string]);
  return pairs;
}

/** Every message of a batch, in order, read one at a time by `at`. */
function decodeAll<T>(batch: readonly unknown[], at: (batch: readonly unknown[], i: number) => [T, number]): T[] {
  const out: T[] = [];
  for (let i = 0; i < batch.length; ) {
    const [message, next] = at(batch, i);
    out.push(message);
    i = next;
  }
  return out;
}

export const decodeToEdge = (batch: readonly unknown[]): ToEdge[] => decodeAll(batch, messageAt) as ToEdge[];

export function encodeFromEdge(message: FromEdge, into: unknown[]): void {
  switch (message.k) {
    case 'message':
      into.push(Code.Message, message.sid, message.text);
      return;
    case 'closed':
      into.push(Code.Closed, message.sid, message.code, message.reason);
      return;
    case 'http':
      into.push(Code.Http, message.id, message.body, message.headers, message.ip ?? '', message.received);
      return;
    case 'open':
      into.push(Code.Open, message.sid, message.protocol, message.ip ?? '');
      return;
    case 'warn':
      into.push(Code.Warn, message.fields, message.message);
  }
}

const ipOf = (value: unknown): string | undefined => (value === '' ? undefined : (value as string));

type Message = ToEdge | FromEdge;

/** The message at `i` (either direction: the codes are distinct) and where the next one starts. */
function messageAt(batch: readonly unknown[], i: number): [Message, number] {
  const [code, a, b, c, d, e] = [batch[i], batch[i + 1], batch[i + 2], batch[i + 3], batch[i + 4], batch[i + 5]];
  switch (code) {
    case Code.Send:
      return [{ k: 'send', sid: a as number, text: b as string }, i + 3];
    case Code.Close:
      return [{ k: 'close', sid: a as number, code: b as number, reason: c as string }, i + 4];
    case Code.Answer:
      return [{ k: 'answer', id: a as number, status: b as number, headers: headerPairs(c as string), body: d as string }, i + 5];
    case Code.Message:
      return [{ k: 'message', sid: a as number, text: b as string }, i + 3];
    case Code.Closed:
      return [{ k: 'closed', sid: a as number, code: b as number, reason: c as string }, i + 4];
    case Code.Http:
      return [{ k: 'http', id: a as number, body: b as string, headers: c as IncomingHttpHeaders, ip: ipOf(d), received: e as number }, i + 6];
    case Code.Open:
      return [{ k: 'open', sid: a as number, protocol: b as string, ip: ipOf(c) }, i + 4];
    case Code.Warn:
      return [{ k: 'warn', fields: a as Record<string, unknown>, message: b as string }, i + 3];
    default:
      throw new Error(`not an edge message: ${String(code)}`);
  }
}

export const decodeFromEdge = (batch: readonly unknown[]): FromEdge[] => decodeAll(batch, messageAt) as FromEdge[];

/**
 * A batch this long goes at once instead of at the end of the thread's turn: the last frames of a long poll phase
 * then wait for at most this many others' work (ADR 0040). Each batch costs one post whatever it holds.
 */
export const EDGE_BATCH_MESSAGES = 64;

/** The outbox each side of the edge posts through: one flat batch per event-loop turn (ADR 0040), order kept. */
export function edgeOutbox<T extends ToEdge | FromEdge>(post: (batch: unknown[]) => void, encode: (message: T, into: unknown[]) => void): TurnOutbox<T> {
  return new TurnOutbox<T>(post, { encode, maxMessages: EDGE_BATCH_MESSAGES });
}
