import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Difficulty } from '@liars-dice/game-match';

/** How a CPU seat picks its move: from its own view and its legal moves only, repeatable for a seed. */
export interface CpuPolicy {
  choose(difficulty: Difficulty, view: PlayerView, legal: readonly Action[], seed: string): Action;
}

export const CPU_POLICY = Symbol('CPU_POLICY');
