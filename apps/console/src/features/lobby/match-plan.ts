import {
  ADJUSTABLE_OPTIONS,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PRESETS,
  type MatchOptions,
  type Ruleset,
} from '@liars-dice/game-rules';
import { isCpuName } from '@liars-dice/game-match';
import type { CreateMatchInput, Difficulty, MatchOptionsInput } from '@/data/generated/graphql';

export type OptionKey = keyof MatchOptions;

/** One seat after the host's: a human to wait for, or a CPU at a difficulty, with the name the host gave it. */
export interface SeatPlan {
  readonly kind: 'HUMAN' | 'CPU';
  readonly difficulty: Difficulty;
  /** As typed; blank: no name (the table calls it "CPU (level)"). Sent without the spaces at either end. */
  readonly name: string;
}

export interface MatchPlan {
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly others: readonly SeatPlan[];
  readonly ranked: boolean;
  readonly practice: boolean;
  /** How long the lobby may sit idle before it closes (seconds); 0: the server's default. */
  readonly idleSeconds: number;
}

export const PLAYER_COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);
export const DIFFICULTIES: readonly Difficulty[] = ['EASY', 'MEDIUM', 'HARD', 'EXPERT'];

export function initialPlan(ruleset: Ruleset = 'classic'): MatchPlan {
  return {
    ruleset,
    options: PRESETS[ruleset],
    others: [{ kind: 'CPU', difficulty: 'MEDIUM', name: '' }],
    ranked: false,
    practice: false,
    idleSeconds: 0,
  };
}

/** The options this family lets a table choose (the rules library's own table). */
export function adjustable(ruleset: Ruleset): readonly OptionKey[] {
  return Object.keys(ADJUSTABLE_OPTIONS[ruleset]) as OptionKey[];
}

/** Whether a turn timer may be switched off (revolver always has one). */
export function timerOptional(ruleset: Ruleset): boolean {
  return ADJUSTABLE_OPTIONS[ruleset].turnSeconds?.check(null) ?? false;
}

export function withPlayers(plan: MatchPlan, players: number): MatchPlan {
  const others = Array.from(
    { length: players - 1 },
    (_, i) => plan.others[i] ?? { kind: 'CPU' as const, difficulty: 'MEDIUM' as const, name: '' },
  );
  return { ...plan, others };
}

export function withFamily(plan: MatchPlan, ruleset: Ruleset): MatchPlan {
  return { ...plan, ruleset, options: PRESETS[ruleset] };
}

/** A ranked match seats humans only (the API refuses CPU seats there). */
export function withRanked(plan: MatchPlan, ranked: boolean): MatchPlan {
  return {
    ...plan,
    ranked,
    practice: ranked ? false : plan.practice,
    others: ranked ? plan.others.map((s) => ({ ...s, kind: 'HUMAN' as const })) : plan.others,
  };
}

/** A CPU seat's name as sent: without the spaces at either end; null when blank (no name). */
const sentName = (seat: SeatPlan): string | null => seat.name.trim() || null;

/**
 * The seats (0 = seat 2) whose name the API would refuse: the rule it checks (`isCpuName`, the match library's:
 * 1 to 24 letters, digits, spaces, `.`, `'`, `_` or `-`). Human seats send no name, so theirs never counts.
 */
export function badSeatNames(plan: MatchPlan): number[] {
  return plan.others.flatMap((seat, index) => {
    const name = sentName(seat);
    return seat.kind === 'CPU' && name !== null && !isCpuName(name) ? [index] : [];
  });
}

const named = (seat: SeatPlan): { name?: string } => {
  const name = sentName(seat);
  return name === null ? {} : { name };
};

/** The mutation input: only the options the family lets a table change, the host first in seat order. */
export function createInput(plan: MatchPlan): Omit<CreateMatchInput, 'commandId'> {
  const options: Record<string, unknown> = {};
  for (const key of adjustable(plan.ruleset)) options[key] = plan.options[key];
  return {
    ruleset: plan.ruleset.toUpperCase() as CreateMatchInput['ruleset'],
    options: options as MatchOptionsInput,
    ranked: plan.ranked,
    kind: plan.practice ? 'PRACTICE' : 'REGULAR',
    // None for the server's default, so a table keeps following it (and the operator's later changes).
    ...(plan.idleSeconds > 0 ? { lobbyIdleSeconds: plan.idleSeconds } : {}),
    seats: [
      { kind: 'HUMAN' },
      ...plan.others.map((s) =>
        s.kind === 'CPU' ? { kind: 'CPU' as const, difficulty: s.difficulty, ...named(s) } : { kind: 'HUMAN' as const },
      ),
    ],
  };
}
