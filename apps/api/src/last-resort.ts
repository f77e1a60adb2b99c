import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { InvalidEventStoreInputError } from '@liars-dice/event-store-port';
import { isRuleViolation } from '@liars-dice/game-rules';
import { Refusal } from '@liars-dice/server-platform';

/** Exit codes the supervisor (scripts/supervise.cjs) reads: restart after 70, never after 78. */
export const EXIT_SOFTWARE = 70;
export const EXIT_CONFIG = 78;

/**
 * Errors that are answers refused before anything changed (a rule, a refusal, a GraphQL or store input
 * check): one that escaped to the process by mistake left no half-done state, so serving on is safe.
 */
export function isContained(error: unknown): boolean {
  return error instanceof Refusal || isRuleViolation(error) || error instanceof GraphQLError || error instanceof InvalidEventStoreInputError;
}

export interface LastResortHooks {
  /** Stops serving in order (drain, close the store) before the process exits for a restart. */
  readonly shutdown: () => Promise<void>;
  readonly exit: (code: number) => void;
}

/**
 * The process-level last resort: an error nothing else caught (every resolver, subscription, timer, CPU
 * seat and projection callback already turns its own into an operation error or a logged retry) is logged as
 * one JSON line through pino. A contained error (see isContained) is only logged and the API keeps serving;
 * anything else may have left in-memory state half-changed, so the API stops in order and exits 70, and the
 * supervisor starts a fresh one that rebuilds its caches from the log.
 */
export function installLastResort(logger: Logger, hooks: LastResortHooks): () => void {
  let stopping = false;
  const handle = (error: unknown, origin: string): void => {
    const contained = isContained(error);
    logger[contained ? 'error' : 'fatal']({ err: error, origin, contained, action: contained ? 'kept serving' : 'restarting' }, `uncaught ${origin}`);
    if (contained || stopping) return;
    stopping = true;
    const timer = setTimeout(() => hooks.exit(EXIT_SOFTWARE), 5_000);
    timer.unref();
    hooks.shutdown().then(
      () => hooks.exit(EXIT_SOFTWARE),
      () => hooks.exit(EXIT_SOFTWARE),
    );
  };
  const onException = (error: Error, origin: string): void => handle(error, origin);
  const onRejection = (reason: unknown): void => handle(reason, 'unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
