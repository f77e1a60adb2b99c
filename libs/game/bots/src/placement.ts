import { CHAMBERS, type PlayerId, type PublicSeat } from '@liars-dice/game-rules';
import type { Table } from './table';

/**
 * What each outcome of this round is worth for my final placement, in units where my own penalty is −1.
 * Placement is estimated pairwise: my chance to outlast each opponent is s_me / (s_me + s_them), where a
 * seat's strength s is (the penalties it can still take before it is out)^γ — dice held, or in the revolver
 * the expected number of losses until a fatal shot given the bullets loaded.
 */
export interface Stakes {
  readonly meLoses: number;
  loses(player: PlayerId): number;
  /** A correct spot-on: a die back (perudo) or every other seat loads a bullet and shoots (revolver). */
  readonly exactWin: number;
}

interface Standing {
  /** Penalties until out (dice families) or expected losses until the fatal one (revolver). */
  readonly lives: number;
  /** Chance the penalty that produced this standing killed at once (revolver), else 0 or 1. */
  readonly deathChance: number;
}

function revolverLives(bullets: number, nextLoad: number): number {
  let lives = 0;
  let survive = 1;
  let loaded = bullets;
  for (let load = nextLoad; survive > 0 && loaded < CHAMBERS; load = 1) {
    lives += survive;
    loaded = Math.min(CHAMBERS, loaded + load);
    survive *= 1 - loaded / CHAMBERS;
  }
  return lives + survive;
}

/** Losses per player so far, from the revealed rounds: the revolver loads more on a first loss. */
function lossesOf(table: Table): Map<PlayerId, number> {
  const losses = new Map<PlayerId, number>();
  for (const round of table.view.history) {
    for (const loser of round.end?.losers ?? []) losses.set(loser, (losses.get(loser) ?? 0) + 1);
  }
  return losses;
}

/** A seat's strength in the placement model: (penalties it can still take)^γ. */
function strength(lives: number, gamma: number): number {
  return Math.pow(Math.max(lives, 0.05), gamma);
}

/**
 * Heads-up in a dice family, my chance to win the match by the same model: 0 with no dice left, 1 when the
 * opponent has none, else s_me / (s_me + s_them).
 */
export function headsUpWinChance(mine: number, theirs: number, gamma: number): number {
  if (mine <= 0) return 0;
  if (theirs <= 0) return 1;
  return strength(mine, gamma) / (strength(mine, gamma) + strength(theirs, gamma));
}

/** `gamma` > 1 makes one extra die (or life) matter more to a short stack than to a tall one. */
export function stakesOf(table: Table, gamma: number): Stakes {
  const revolver = table.view.ruleset === 'revolver';
  // Only the revolver's load depends on past losses (a dice family's standing ignores the load): the dice
  // families skip reading the whole history per decision.
  const losses = revolver ? lossesOf(table) : undefined;
  const firstLoad = table.view.options.bullets;
  const loadOf = (seat: PublicSeat) => ((losses?.get(seat.id) ?? 0) === 0 && seat.bullets === 0 ? firstLoad : 1);
  const now = (seat: PublicSeat): Standing => ({ lives: revolver ? revolverLives(seat.bullets, loadOf(seat)) : seat.dice, deathChance: 0 });
  const afterLoss = (seat: PublicSeat, load: number): Standing => {
    if (!revolver) return { lives: seat.dice - 1, deathChance: seat.dice <= 1 ? 1 : 0 };
    const bullets = Math.min(CHAMBERS, seat.bullets + load);
    return { lives: revolverLives(bullets, 1), deathChance: bullets / CHAMBERS };
  };
  const self = table.active.find((seat) => seat.id === table.me);
  const mine = self ? now(self) : { lives: 1, deathChance: 0 };
  const outlast = (me: Standing, them: Standing) => strength(me.lives, gamma) / (strength(me.lives, gamma) + strength(them.lives, gamma));
  const score = (me: Standing) => table.opponents.reduce((sum, seat) => sum + outlast(me, now(seat)), 0);
  const base = score(mine);
  const expectedAfter = (me: Standing) => (1 - me.deathChance) * score(me) - base;
  const meLoses = self ? expectedAfter(afterLoss(self, loadOf(self))) : -1;
  const unit = Math.abs(meLoses) > 1e-9 ? Math.abs(meLoses) : 1;
  const theirLoss = (seat: PublicSeat, after: Standing) =>
    after.deathChance + (1 - after.deathChance) * outlast(mine, after) - outlast(mine, now(seat));
  return {
    meLoses: meLoses / unit,
    loses: (player) => {
      const seat = table.opponents.find((s) => s.id === player);
      return seat ? theirLoss(seat, afterLoss(seat, loadOf(seat))) / unit : 0;
    },
    // A correct exact call: every other seat loads one bullet and shoots (revolver), or I regain a die (perudo).
    exactWin:
      (revolver
        ? table.opponents.reduce((sum, seat) => sum + theirLoss(seat, afterLoss(seat, 1)), 0)
        : table.myDice.length < table.view.options.startingDice
          ? expectedAfter({ lives: mine.lives + 1, deathChance: 0 })
          : 0) / unit,
  };
}

