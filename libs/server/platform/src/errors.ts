import type { TableViolationCode } from '@liars-dice/game-match';
import type { ModerationViolationCode } from '@liars-dice/game-moderation';

/**
 * A command or query the server refuses for a reason the caller can act on. `code` goes to the client
 * (GraphQL `extensions.code`), `field` names the input at fault when there is one, `details` are further
 * extensions a client acts on (`retryAfterSeconds`).
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly field?: string,
    readonly details?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }

  /** What the client gets as GraphQL `extensions`. */
  get extensions(): Record<string, string | number> {
    return { ...this.details, code: this.code, ...(this.field ? { field: this.field } : {}) };
  }
}

/** The lobby's codes (libs/game/match), moderation's (libs/game/moderation) and the server's own. */
export type RefusalCode =
  | TableViolationCode
  | ModerationViolationCode
  | 'UNAUTHENTICATED'
  | 'NAME_TAKEN'
  | 'TOO_MANY_ATTEMPTS'
  | 'TOO_MANY_REGISTRATIONS'
  | 'LAST_ADMIN'
  | 'CONFLICT'
  | 'SHUTTING_DOWN'
  | 'RATE_LIMITED'
  | 'NOT_FINISHED'
  | 'READ_MODEL_BEHIND';

/**
 * `lookup`, whose refusals about the id it was given name it `field` (`matchId`, as commands call it), with those
 * refusals naming `argument` instead: the argument as the caller wrote it (`match(id: …)` is told `id: no match …`,
 * not about a `matchId` it never sent).
 */
export async function asArgument<T>(argument: string, field: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (!(error instanceof Refusal) || error.field !== field || argument === field) throw error;
    const message = error.message.startsWith(`${field}: `) ? `${argument}: ${error.message.slice(field.length + 2)}` : error.message;
    throw new Refusal(error.code, message, argument);
  }
}
