import { createHash } from 'node:crypto';
import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { Difficulty } from '@liars-dice/server-matches';
import type { CpuPolicy } from './cpu-policy';

/**
 * The stand-in until libs/game/bots is wired: bid the face it holds most at the lowest legal quantity,
 * and call liar once the last bid asks for more than half of the dice in play. Deterministic per seed.
 */
export class LegalMovePolicy implements CpuPolicy {
  choose(_difficulty: Difficulty, view: PlayerView, legal: readonly Action[], seed: string): Action {
    const inPlay = view.players.reduce((sum, p) => sum + p.dice, 0);
    const last = view.round?.bids.at(-1);
    const liar = legal.find((a) => a.type === 'liar');
    const bids = legal.filter((a): a is Extract<Action, { type: 'bid' }> => a.type === 'bid');
    const jitter = createHash('sha256').update(seed).digest()[0] ?? 0;
    if (liar && (bids.length === 0 || (last && last.quantity * 2 > inPlay + (jitter % 2)))) return liar;
    const held = (face: number) => view.myDice.filter((d) => d === face).length;
    const best = [...bids].sort((a, b) => a.quantity - b.quantity || held(b.face) - held(a.face))[0];
    return best ?? (legal[0] as Action);
  }
}
