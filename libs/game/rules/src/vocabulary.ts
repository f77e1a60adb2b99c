/** The six faces of a die, lowest first: the face order used by raises (1 < 2 < … < 6). */
export const FACES = [1, 2, 3, 4, 5, 6] as const;
export type Face = (typeof FACES)[number];

export const RULESETS = ['classic', 'perudo', 'revolver'] as const;
export type Ruleset = (typeof RULESETS)[number];

/** A player's id, unique within a match. Seat order is the order of `players` in `MatchCreated`. */
export type PlayerId = string;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
export const CHAMBERS = 6;
export const REVOLVER_DICE = 5;

export function isFace(value: unknown): value is Face {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

export function isRuleset(value: unknown): value is Ruleset {
  return typeof value === 'string' && (RULESETS as readonly string[]).includes(value);
}

export interface Bid {
  readonly by: PlayerId;
  readonly quantity: number;
  readonly face: Face;
}
