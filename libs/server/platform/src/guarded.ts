/** Where a background job reports a failure (Nest's Logger fits). */
export interface FailureLog {
  error(message: string): void;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A callback for an rxjs subscription, a timer or a message handler that never throws and never leaves a
 * rejected promise behind: an error is logged with what failed. Without it an error in a background job
 * leaves the process (rxjs rethrows a subscriber's error on a timer; Node ends on an unhandled rejection).
 */
export function guarded<Args extends unknown[]>(log: FailureLog, what: string, job: (...args: Args) => unknown): (...args: Args) => void {
  const report = (error: unknown): void => log.error(`${what} failed: ${describeError(error)}`);
  return (...args: Args) => {
    try {
      const result = job(...args);
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  };
}

/** The pause before retry number `attempt` (0-based) of a background job: doubling from `firstMs`, capped. */
export function backoff(attempt: number, firstMs = 100, maxMs = 30_000): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
}
