import type { Action, PlayerView } from '@liars-dice/game-rules';
import { easyChoice, easyPolicy } from './easy';
import { PROFILES, profiledChoice, profiledPolicy } from './levels';
import { createRng, type Rng } from './rng';
import { solvedChoice, solvedPolicy } from './solver/solved-play';

/**
 * A CPU player: given only its seat's view and the engine's legal actions, it returns one of those actions.
 * All its chance comes from `rng`, so the same view, actions and seed give the same move.
 */
export type Strategy = (view: PlayerView, legal: readonly Action[], rng: Rng) => Action;

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** The levels plus the uniform-random floor of the ladder. */
export type BotKind = Difficulty | 'random';

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

function requireChoice(legal: readonly Action[]): void {
  if (legal.length === 0) throw new Error('no legal action: it is not this seat’s turn');
}

/** The floor: any legal action, uniformly. */
export const randomStrategy: Strategy = (_view, legal, rng) => {
  requireChoice(legal);
  return legal[rng.int(legal.length)] as Action;
};

export const STRATEGIES: Readonly<Record<BotKind, Strategy>> = {
  random: randomStrategy,
  easy: (view, legal, rng) => (requireChoice(legal), easyChoice(view, legal, rng)),
  medium: (view, legal, rng) => (requireChoice(legal), profiledChoice(PROFILES.medium, view, legal, rng)),
  hard: (view, legal, rng) => (requireChoice(legal), profiledChoice(PROFILES.hard, view, legal, rng)),
  // In a heads-up round the solver covers, the expert plays the solved strategy; elsewhere its own judgement.
  expert: (view, legal, rng) => (requireChoice(legal), solvedChoice(view, legal, rng) ?? profiledChoice(PROFILES.expert, view, legal, rng)),
};

/** One decision with a fresh source seeded by `seed`: what the bot protocol and the server's CPU seats call. */
export function chooseAction(difficulty: BotKind, view: PlayerView, legal: readonly Action[], seed: number | string): Action {
  return STRATEGIES[difficulty](view, legal, createRng(seed));
}

/**
 * The exact chance that each kind takes each legal action (in legal order): what `STRATEGIES[kind]` samples
 * from. The exploitability check plays best responses against these.
 */
export const POLICIES: Readonly<Record<BotKind, (view: PlayerView, legal: readonly Action[]) => number[]>> = {
  random: (_view, legal) => legal.map(() => 1 / legal.length),
  easy: (view, legal) => easyPolicy(view, legal),
  medium: (view, legal) => profiledPolicy(PROFILES.medium, view, legal),
  hard: (view, legal) => profiledPolicy(PROFILES.hard, view, legal),
  expert: (view, legal) => solvedPolicy(view, legal) ?? profiledPolicy(PROFILES.expert, view, legal),
};
