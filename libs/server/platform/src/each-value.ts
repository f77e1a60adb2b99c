import type { Observable } from 'rxjs';

/**
 * An rxjs stream as the AsyncIterator GraphQL subscriptions expect; `return()` (the client left)
 * unsubscribes. Values pile up only while the consumer is slower than the producer, and at most `limit`
 * of them: past that the oldest are dropped (a live view only needs the newest state).
 */
export function eachValue<T>(source: Observable<T>, limit = 256): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | null = null;
  let done = false;
  const subscription = source.subscribe({
    next: (value) => {
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve({ value, done: false });
      } else {
        queue.push(value);
        if (queue.length > limit) queue.shift();
      }
    },
    complete: () => finish(),
  });
  function finish(): Promise<IteratorResult<T>> {
    done = true;
    subscription.unsubscribe();
    if (waiting) waiting({ value: undefined, done: true });
    waiting = null;
    return Promise.resolve({ value: undefined, done: true });
  }
  return {
    next: () => {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: () => finish(),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
