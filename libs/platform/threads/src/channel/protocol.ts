/**
 * A long-lived thread's protocol, as types only: what the host asks it (each request gets one reply), what the
 * host tells it, and what it tells the host. Both ends are typed from this one declaration.
 */
export interface ThreadProtocol {
  readonly requests: Readonly<Record<string, { readonly arg: unknown; readonly reply: unknown }>>;
  readonly toThread: Readonly<Record<string, unknown>>;
  readonly fromThread: Readonly<Record<string, unknown>>;
}

export type RequestName<P extends ThreadProtocol> = keyof P['requests'] & string;
export type ArgOf<P extends ThreadProtocol, K extends RequestName<P>> = P['requests'][K]['arg'];
export type ReplyOf<P extends ThreadProtocol, K extends RequestName<P>> = P['requests'][K]['reply'];

/** A request that failed in the thread, as it crosses (class identity does not cross threads). */
export class ThreadFailure {
  constructor(
    readonly name: string,
    readonly message: string,
  ) {}

  static of(error: unknown): ThreadFailure {
    return error instanceof Error ? new ThreadFailure(error.name, error.message) : new ThreadFailure('Error', String(error));
  }
}

/**
 * The wire: every post is one flat array of frames, three cells each — `head, id, body` — so that a batch of small
 * answers is cloned as a run of primitives rather than an object per answer. A request's head is its name and its
 * id is above 0; a notification's head is its name and its id is 0; a reply's head is REPLY, a failure's FAILED
 * (its body `{ name, message }`); READY and FATAL start a thread (a FATAL body is the reason).
 */
export const REPLY = 0;
export const FAILED = 1;
export const READY = 2;
export const FATAL = 3;
export type Frames = unknown[];
