import type { TableViolationCode } from '@liars-dice/game-match';
import type { ModerationViolationCode } from '@liars-dice/game-moderation';

/**
 * A command or query the server refuses for a reason the caller can act on. `code` goes to the client
 * (GraphQL `extensions.code`), `field` names the input at fault when there is one.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The lobby's codes (libs/game/match), moderation's (libs/game/moderation) and the server's own. */
export type RefusalCode =
  | TableViolationCode
  | ModerationViolationCode
  | 'UNAUTHENTICATED'
  | 'NAME_TAKEN'
  | 'LAST_ADMIN'
  | 'CONFLICT'
  | 'SHUTTING_DOWN'
  | 'RATE_LIMITED'
  | 'NOT_FINISHED';
