import { type Action, legalActions, type MatchState, playerView, type PlayerView, type Ruleset } from '@liars-dice/game-rules';
import { chooseAction, playMatch } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import type { Difficulty } from '@liars-dice/game-match';

export interface Position {
  readonly state: MatchState;
  readonly view: PlayerView;
  readonly legal: readonly Action[];
}

/**
 * Every position a seat acted in through whole matches of each family in turn (`level` play, the real house):
 * late ones carry many revealed rounds and long bid ladders, early ones none. `seats(m)` sets each match's size.
 */
export function playedPositions(matches: number, level: Difficulty = 'medium', seats: (match: number) => number = () => 6): Position[] {
  const positions: Position[] = [];
  const rulesets: readonly Ruleset[] = ['classic', 'perudo', 'revolver'];
  for (let m = 0; m < matches; m++) {
    const seedHex = (m + 1).toString(16).padStart(64, '0');
    playMatch(
      { matchId: `m${m}`, ruleset: rulesets[m % 3]!, players: ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, seats(m)) },
      (seat, view, legal) => chooseAction(level, view, legal, `${m}|${seat}|${view.history.length}|${view.round?.bids.length}`),
      (state) => houseCommand(state, seedHex),
      (state) => {
        if (state.status === 'bidding') positions.push({ state, view: playerView(state, state.toAct)!, legal: legalActions(state, state.toAct) });
      },
    );
  }
  return positions;
}
