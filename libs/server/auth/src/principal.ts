/** An organiser runs tournaments (and plays); a moderator rules on disputes; an admin grants roles. */
export const ROLES = ['player', 'organiser', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who sent a request, as proven by a valid token. */
export interface Principal {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
}
