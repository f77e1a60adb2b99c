/**
 * Codes of a rejected command. The first nine are the public scenario-format codes, in the order they are
 * checked; the rest reject commands that only the house sends (rolls, trigger pulls) or a malformed match.
 */
export const RULE_VIOLATION_CODES = [
  'UNKNOWN_PLAYER',
  'MATCH_OVER',
  'NOT_YOUR_TURN',
  'INVALID_BID',
  'ONES_NOT_ALLOWED',
  'FACE_LOCKED',
  'BID_TOO_LOW',
  'NO_BID',
  'SPOT_ON_DISABLED',
  'INVALID_MATCH',
  'MATCH_EXISTS',
  'NO_MATCH',
  'UNEXPECTED_COMMAND',
  'INVALID_DICE',
  'INVALID_CHAMBER',
  'TURN_NOT_EXPIRED',
] as const;
export type RuleViolationCode = (typeof RULE_VIOLATION_CODES)[number];

/**
 * A refused command, returned as a value by a decider (the engine's, the lobby's, and those to come): a code
 * from the decider's own list and a message naming what was wrong, and the input at fault when there is one.
 */
export abstract class Violation<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The one error type for a rule breach. A legal move that loses is an event, never one of these. */
export class RuleViolation extends Violation<RuleViolationCode> {
  override readonly name = 'RuleViolation';
}

export function isRuleViolation(value: unknown): value is RuleViolation {
  return value instanceof RuleViolation;
}
