import { performance } from 'node:perf_hooks';
import { TurnOutbox } from '../turn-outbox';
import type { ThreadPort } from './ports';
import { type ArgOf, FAILED, FATAL, type Frames, READY, REPLY, type ReplyOf, type RequestName, ThreadFailure, type ThreadProtocol } from './protocol';

/**
 * How the thread answers one kind of request: one at a time (a value or a promise of one; a throw or a rejection
 * is that request's failure), or as a batch of every such request that arrived in one event-loop turn (`batch`
 * gets them in arrival order, with each one's arrival time in epoch ms, and returns their replies in that order).
 */
export type RequestHandler<A, R> =
  | ((arg: A) => R | Promise<R>)
  | { readonly batch: (args: readonly A[], arrivedAt: readonly number[]) => readonly (R | ThreadFailure)[] };

export interface ThreadHandlers<P extends ThreadProtocol> {
  readonly requests: { readonly [K in RequestName<P>]: RequestHandler<ArgOf<P, K>, ReplyOf<P, K>> };
  readonly on?: { readonly [K in keyof P['toThread']]?: (body: P['toThread'][K]) => void };
}

interface Queued {
  readonly ids: number[];
  readonly args: unknown[];
  readonly arrivedAt: number[];
}

const wallNow = (): number => performance.timeOrigin + performance.now();

/**
 * The thread's end of a ThreadClient: dispatches what the host sends to `handlers` and posts replies and
 * notifications together at the end of each JavaScript run (one post for a batch's replies).
 */
export class ThreadServer<P extends ThreadProtocol> {
  private readonly outbox: TurnOutbox<unknown>;
  private readonly queued = new Map<string, Queued>();
  private batchesPending = false;
  private readonly runQueued = (): void => this.runBatches();

  constructor(
    private readonly port: ThreadPort,
    private readonly handlers: ThreadHandlers<P>,
  ) {
    this.outbox = new TurnOutbox<unknown>((frames) => port.postMessage(frames), { eager: () => true });
    port.on('message', (frames) => this.receive(frames as Frames));
  }

  /** Tells the host the thread is ready (ThreadClient.started resolves). */
  ready(): void {
    this.push(READY, 0, null);
  }

  tell<K extends keyof P['fromThread'] & string>(name: K, body: P['fromThread'][K]): void {
    this.push(name, 0, body);
  }

  /** Posts what waits now. */
  flush(): void {
    this.outbox.flush();
  }

  /** Answers every batch queued now, without waiting for the turn's end (a shutdown's last requests). */
  runBatches(): void {
    this.batchesPending = false;
    for (const [name, { ids, args, arrivedAt }] of [...this.queued]) {
      this.queued.delete(name);
      const handler = this.handlers.requests[name] as { batch: (args: readonly unknown[], at: readonly number[]) => readonly unknown[] };
      let replies: readonly unknown[];
      try {
        replies = handler.batch(args, arrivedAt);
      } catch (error) {
        replies = args.map(() => ThreadFailure.of(error));
      }
      ids.forEach((id, i) => this.answer(id, replies[i]));
    }
  }

  /** Posts what waits and closes the port (a worker then ends once nothing else holds it). */
  close(): void {
    this.flush();
    this.port.close();
  }

  private receive(frames: Frames): void {
    let now: number | undefined;
    for (let i = 0; i < frames.length; i += 3) {
      const head = frames[i] as string;
      const id = frames[i + 1] as number;
      const body = frames[i + 2];
      if (id === 0) {
        (this.handlers.on?.[head as keyof P['toThread']] as ((body: unknown) => void) | undefined)?.(body);
        continue;
      }
      const handler = this.handlers.requests[head as RequestName<P>] as RequestHandler<unknown, unknown> | undefined;
      if (handler === undefined) this.answer(id, new ThreadFailure('Error', `no handler for ${head}`));
      else if (typeof handler === 'function') this.handleOne(id, handler, body);
      else this.enqueue(head, id, body, (now ??= wallNow()));
    }
  }

  private handleOne(id: number, handler: (arg: unknown) => unknown, arg: unknown): void {
    let reply: unknown;
    try {
      reply = handler(arg);
    } catch (error) {
      return this.answer(id, ThreadFailure.of(error));
    }
    if (!(reply instanceof Promise)) return this.answer(id, reply);
    reply.then(
      (value: unknown) => this.answer(id, value),
      (error: unknown) => this.answer(id, ThreadFailure.of(error)),
    );
  }

  private enqueue(name: string, id: number, arg: unknown, arrivedAt: number): void {
    let queue = this.queued.get(name);
    if (queue === undefined) this.queued.set(name, (queue = { ids: [], args: [], arrivedAt: [] }));
    queue.ids.push(id);
    queue.args.push(arg);
    queue.arrivedAt.push(arrivedAt);
    if (this.batchesPending) return;
    this.batchesPending = true;
    // After every message already waiting in the port has been read: that is the batch.
    setImmediate(this.runQueued);
  }

  private answer(id: number, reply: unknown): void {
    if (reply instanceof ThreadFailure) this.push(FAILED, id, { name: reply.name, message: reply.message });
    else this.push(REPLY, id, reply);
  }

  private push(head: string | number, id: number, body: unknown): void {
    this.outbox.push(head);
    this.outbox.push(id);
    this.outbox.push(body);
  }
}

/** A thread that could not start tells its host why (ThreadClient.started rejects with it) and closes its port. */
export function reportFatalStart(port: ThreadPort, error: unknown): void {
  port.postMessage([FATAL, 0, error instanceof Error ? error.message : String(error)]);
  port.close();
}
