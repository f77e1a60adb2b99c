import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Difficulty } from '@liars-dice/game-match';

/**
 * How a CPU seat picks its move: from its own view and its legal moves only, repeatable for a seed. In process
 * (`GameBotsPolicy`) it answers at once; on the CPU-seat thread (`ThreadedBotsPolicy`) it answers later.
 */
export interface CpuPolicy {
  choose(difficulty: Difficulty, view: PlayerView, legal: readonly Action[], seed: string): Action | Promise<Action>;
  /** Releases what the policy holds (its thread); decisions still waiting are rejected. */
  close?(): Promise<void>;
}

export const CPU_POLICY = Symbol('CPU_POLICY');
