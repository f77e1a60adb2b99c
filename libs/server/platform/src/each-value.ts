import type { Observable } from 'rxjs';

/**
 * An rxjs stream as the AsyncIterator GraphQL subscriptions expect; `return()` (the client left)
 * unsubscribes. Values pile up only while the consumer is slower than the producer, and at most `limit`
 * of them: past that the oldest are dropped (a live view only needs the newest state). An error in the
 * stream rejects the next `next()` and ends the iterator: it becomes that subscription's error (graphql-ws
 * sends it to the one client), never an error rxjs rethrows out of the process.
 */
export function eachValue<T>(source: Observable<T>, limit = 256): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | null = null;
  let done = false;
  let failure: { error: unknown } | null = null;
  function finish(): Promise<IteratorResult<T>> {
    done = true;
    subscription?.unsubscribe();
    if (waiting) waiting.resolve({ value: undefined, done: true });
    waiting = null;
    return Promise.resolve({ value: undefined, done: true });
  }
  function fail(error: unknown): void {
    done = true;
    if (waiting) {
      const { reject } = waiting;
      waiting = null;
      reject(error);
    } else failure = { error };
  }
  let subscription: { unsubscribe(): void } | null = null;
  subscription = source.subscribe({
    next: (value) => {
      if (waiting) {
        const { resolve } = waiting;
        waiting = null;
        resolve({ value, done: false });
      } else {
        queue.push(value);
        if (queue.length > limit) queue.shift();
      }
    },
    error: fail,
    complete: () => void finish(),
  });
  // A source that completed or failed while subscribing has nothing left to unsubscribe.
  if (done) subscription.unsubscribe();
  return {
    next: () => {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false });
      if (failure) {
        const { error } = failure;
        failure = null;
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    return: () => finish(),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
