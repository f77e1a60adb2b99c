/** What a dispute is about. `misrule` covers a bug or a wrong ruling by the engine. */
export const DISPUTE_CATEGORIES = ['collusion', 'stalling', 'misrule', 'other'] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

/** What a ruling does. Every ruling carries a reason. */
export const RULING_ACTIONS = ['dismiss', 'warn', 'void', 'sanction'] as const;
export type RulingAction = (typeof RULING_ACTIONS)[number];

/** A warning is a record; a ranked ban lasts N days; a collusion mark stays until lifted. */
export const SANCTION_KINDS = ['warning', 'ranked-ban', 'collusion-mark'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** The account roles moderation reads (libs/server/auth issues them). */
export type Role = 'player' | 'moderator' | 'admin';

/** Who did something: an account's id and its name as shown. */
export interface AccountRef {
  readonly id: string;
  readonly name: string;
}

/** The one who sends a command, with the role the server checked. */
export interface Actor extends AccountRef {
  readonly role: Role;
}

/** Only the id and name of an actor go into events (never the role it had when it acted). */
export function refOf(account: AccountRef): AccountRef {
  return { id: account.id, name: account.name };
}

export const DAY_MS = 86_400_000;

export const LIMITS = {
  /** Characters of a dispute's text, a note or an appeal. */
  text: 2000,
  /** Characters of a ruling's or a lift's reason. */
  reason: 500,
  /** Steps one filing may point at. */
  steps: 50,
  /** Days of the longest ranked ban. */
  banDays: 365,
} as const;

export function isModerator(role: Role): boolean {
  return role === 'moderator' || role === 'admin';
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
