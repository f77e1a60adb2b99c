import type { PlayerId } from '@liars-dice/game-rules';

export interface Placement {
  readonly player: PlayerId;
  /** 1 + the number of players placed strictly better. */
  readonly place: number;
  /** One point for every player at the table placed strictly below. */
  readonly outlasted: number;
}

/**
 * Places and placement points from a match's placement groups (winner first; players out at the same moment
 * share a group). The formula: **one point for every player at the table you outlasted** — so the winner of a
 * table of n scores n − 1 (1st of 6 is worth 5, 1st of 3 is worth 2), the last scores 0, and players out
 * together score the same.
 */
export function placementsOf(groups: readonly (readonly PlayerId[])[]): Placement[] {
  const size = groups.reduce((sum, group) => sum + group.length, 0);
  const placements: Placement[] = [];
  let ahead = 0;
  for (const group of groups) {
    const outlasted = size - ahead - group.length;
    for (const player of group) placements.push({ player, place: ahead + 1, outlasted });
    ahead += group.length;
  }
  return placements;
}
