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

export type RefusalCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'NAME_TAKEN'
  | 'SEAT_TAKEN'
  | 'NO_FREE_SEAT'
  | 'ALREADY_SEATED'
  | 'NOT_IN_LOBBY'
  | 'SEATS_OPEN'
  | 'CONFLICT'
  | 'SHUTTING_DOWN'
  | 'RATE_LIMITED'
  | 'NOT_FINISHED';
