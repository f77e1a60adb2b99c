import { randomUUID } from 'node:crypto';
import type {
  EventStore,
  EventToAppend,
  Subscription,
  SubscriptionMessage,
} from '@liars-dice/event-store-port';

export interface ContractSubject {
  readonly store: EventStore;
  /** Runs after `store.close()`: delete files, stop servers… */
  readonly cleanup?: () => Promise<void>;
}

export type ContractFactory = () => Promise<ContractSubject>;

export interface ContractOptions {
  /** Per-test timeout; raise it for remote stores. */
  readonly timeoutMs?: number;
  /**
   * Create one store for the whole suite instead of one per test (tests isolate themselves by prefix).
   * Use it when opening a store is slow: a worker thread to start, a server to connect to.
   */
  readonly sharedStore?: boolean;
}

export interface ContractContext {
  /** The store of the running test (a fresh one per test). */
  store(): EventStore;
  readonly timeoutMs: number;
}

/**
 * A prefix unique to one test: every stream (and event type) a test touches carries it, so the suite also
 * runs against a shared, non-empty EventStoreDB and reads `$all` through a prefix filter.
 */
export function uniquePrefix(label: string): string {
  return `contract-${label}-${randomUUID().slice(0, 8)}-`;
}

export function anEvent(
  type = 'BidPlaced',
  data: unknown = { quantity: 3, face: 4 },
  metadata?: EventToAppend['metadata'],
): EventToAppend {
  return metadata ? { id: randomUUID(), type, data, metadata } : { id: randomUUID(), type, data };
}

export function events(count: number, type = 'BidPlaced'): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => anEvent(type, { index }));
}

/** Reads messages until `done` says so; fails the test with what arrived if it takes longer than `ms`. */
export async function collect(
  subscription: Subscription,
  done: (messages: readonly SubscriptionMessage[]) => boolean,
  ms: number,
): Promise<SubscriptionMessage[]> {
  const messages: SubscriptionMessage[] = [];
  const iterator = subscription[Symbol.asyncIterator]();
  const deadline = Date.now() + ms;
  while (!done(messages)) {
    const left = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(left, 0));
    });
    const next = await Promise.race([iterator.next(), timeout]);
    clearTimeout(timer);
    if (next === 'timeout')
      throw new Error(`subscription timed out after ${ms} ms with ${describeMessages(messages)}`);
    if (next.done) break;
    messages.push(next.value);
  }
  await subscription.close();
  return messages;
}

export function eventIds(messages: readonly SubscriptionMessage[]): string[] {
  return messages.flatMap((message) => (message.kind === 'event' ? [message.event.id] : []));
}

export function countEvents(messages: readonly SubscriptionMessage[]): number {
  return messages.filter((message) => message.kind === 'event').length;
}

function describeMessages(messages: readonly SubscriptionMessage[]): string {
  const caughtUp = messages.some((message) => message.kind === 'caught-up');
  return `${countEvents(messages)} events${caughtUp ? ' and caught-up' : ', not caught up'}`;
}
