import { Injectable } from '@nestjs/common';
import type { Action, PlayerView } from '@liars-dice/game-rules';
import { chooseAction } from '@liars-dice/game-bots';
import type { Difficulty } from '@liars-dice/game-match';
import type { CpuPolicy } from './cpu-policy';

/** The CPU levels of libs/game/bots: the seat's own view and legal moves in, one of those moves out. */
@Injectable()
export class GameBotsPolicy implements CpuPolicy {
  choose(difficulty: Difficulty, view: PlayerView, legal: readonly Action[], seed: string): Action {
    return chooseAction(difficulty, view, legal, seed);
  }
}
