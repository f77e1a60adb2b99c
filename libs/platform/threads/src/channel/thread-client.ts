import { TurnOutbox } from '../turn-outbox';
import type { ThreadHandle } from './ports';
import { type ArgOf, FAILED, FATAL, type Frames, READY, REPLY, type ReplyOf, type RequestName, ThreadFailure, type ThreadProtocol } from './protocol';

/** Why a thread is gone: it failed (`error`) or it ended (`exitCode`). */
export type ThreadGone = { readonly error: Error } | { readonly exitCode: number };

/** A request's outcome, told synchronously as its reply is read (before any later frame of the same post). */
export type Settle<R> = (error: Error | null, reply?: R) => void;

/**
 * When requests and notifications are posted: at the end of the event-loop turn that made them (`turn`, the
 * default: one post for everything a turn asks, ADR 0069), at the end of the current JavaScript run (`run`), or
 * at the end of the run while nothing is in flight and at the turn's end otherwise, what waits going as soon as the
 * last reply is in (`idle-first`: a thread with nothing to do starts at once, a busy one takes the next batch).
 */
export type Posting = 'turn' | 'run' | 'idle-first';

export interface ThreadClientOptions<P extends ThreadProtocol> {
  /** What the thread tells, by name. */
  readonly on?: { readonly [K in keyof P['fromThread']]?: (body: P['fromThread'][K]) => void };
  readonly posting?: Posting;
  /** The error every request in flight is rejected with once the thread is gone (also every later request's). */
  readonly gone: (cause: ThreadGone) => Error;
  /** Told on each `error` and on `exit` of the thread, after the requests in flight were rejected. */
  readonly onGone?: (cause: ThreadGone) => void;
  /** A request the thread's handler failed: the error its caller gets (by default `name: message`). */
  readonly failed?: (failure: ThreadFailure) => Error;
  /** Told each time requests are posted (what was asked before is on its way). */
  readonly onPost?: () => void;
}

/**
 * The host's end of a long-lived thread: typed requests, each answered once; notifications both ways; the
 * batching per event-loop turn of `posting`; every request in flight rejected when the thread fails or exits.
 */
export class ThreadClient<P extends ThreadProtocol> {
  private readonly settles = new Map<number, Settle<unknown>>();
  /** Frames waiting to be posted, three cells each (protocol.ts). */
  private readonly outbox: TurnOutbox<unknown>;
  private nextId = 1;
  private unposted = 0;
  private posted = 0;
  private failure: Error | null = null;
  readonly exited: Promise<void>;

  constructor(
    private readonly thread: ThreadHandle,
    private readonly options: ThreadClientOptions<P>,
  ) {
    const posting = options.posting ?? 'turn';
    const eager = posting === 'turn' ? undefined : posting === 'run' ? () => true : () => this.posted === 0;
    this.outbox = new TurnOutbox<unknown>((frames) => this.post(frames), { eager });
    this.exited = new Promise((resolve) => thread.once('exit', () => resolve()));
    thread.on('message', (frames: Frames) => this.receive(frames));
    thread.on('error', (error: Error) => this.lose({ error }));
    thread.on('exit', (exitCode: number) => this.lose({ exitCode }));
  }

  /** A client once the thread says it is ready; rejects if it reports a fatal start, fails or exits first. */
  static started<P extends ThreadProtocol>(thread: ThreadHandle, options: ThreadClientOptions<P>): Promise<ThreadClient<P>> {
    return new Promise((resolve, reject) => {
      const first = (frames: Frames): void => {
        stop();
        if (frames[0] === READY) {
          const client = new ThreadClient(thread, options);
          client.receive(frames.slice(3));
          resolve(client);
        } else reject(new Error(frames[0] === FATAL ? String(frames[2]) : 'the thread spoke before it was ready'));
      };
      const failed = (error: Error): void => (stop(), reject(error));
      const exited = (code: number): void => (stop(), reject(new Error(`the thread exited (code ${code}) before it was ready`)));
      const stop = (): void => void thread.off('message', first).off('error', failed).off('exit', exited);
      thread.on('message', first).on('error', failed).on('exit', exited);
    });
  }

  /** Requests posted whose replies have not come back. */
  get inFlight(): number {
    return this.posted;
  }

  /** The reason every request now fails, once the thread is gone or closed. */
  get gone(): Error | null {
    return this.failure;
  }

  request<K extends RequestName<P>>(name: K, arg: ArgOf<P, K>): Promise<ReplyOf<P, K>> {
    return new Promise((resolve, reject) => this.call(name, arg, (error, reply) => (error ? reject(error) : resolve(reply as ReplyOf<P, K>))));
  }

  /** `request` with its outcome told synchronously, in the order of the thread's replies (no promise between). */
  call<K extends RequestName<P>>(name: K, arg: ArgOf<P, K>, settle: Settle<ReplyOf<P, K>>): void {
    if (this.failure) return settle(this.failure);
    const id = this.nextId++;
    this.settles.set(id, settle as Settle<unknown>);
    this.unposted += 1;
    this.push(name, id, arg);
  }

  tell<K extends keyof P['toThread'] & string>(name: K, body: P['toThread'][K]): void {
    if (!this.failure) this.push(name, 0, body);
  }

  /** Posts what waits now. */
  flush(): void {
    this.outbox.flush();
  }

  /** From now on every request fails with `error` (the thread itself is the caller's to end). */
  close(error: Error): void {
    this.flush();
    this.failure ??= error;
  }

  private push(head: string, id: number, body: unknown): void {
    this.outbox.push(head);
    this.outbox.push(id);
    this.outbox.push(body);
  }

  private post(frames: Frames): void {
    this.posted += this.unposted;
    this.unposted = 0;
    this.thread.postMessage(frames);
    this.options.onPost?.();
  }

  private receive(frames: Frames): void {
    for (let i = 0; i < frames.length; i += 3) {
      const head = frames[i];
      if (head === REPLY || head === FAILED) this.settle(frames[i + 1] as number, head, frames[i + 2]);
      else (this.options.on?.[head as keyof P['fromThread']] as ((body: unknown) => void) | undefined)?.(frames[i + 2]);
    }
    if (this.posted === 0 && this.options.posting === 'idle-first') this.outbox.flushSoon();
  }

  private settle(id: number, head: number, body: unknown): void {
    const settle = this.settles.get(id);
    if (!settle) return;
    this.settles.delete(id);
    this.posted -= 1;
    if (head === REPLY) return settle(null, body);
    const { name, message } = body as ThreadFailure;
    settle(this.options.failed?.(new ThreadFailure(name, message)) ?? new Error(`${name}: ${message}`));
  }

  private lose(cause: ThreadGone): void {
    this.failure ??= this.options.gone(cause);
    const settles = [...this.settles.values()];
    this.settles.clear();
    this.posted = 0;
    for (const settle of settles) settle(this.failure);
    this.options.onGone?.(cause);
  }
}
