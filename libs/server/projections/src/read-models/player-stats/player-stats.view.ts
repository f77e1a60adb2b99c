import { rate } from '@liars-dice/game-projections';
import { byFamily, type Counters, n } from '../counter-rows';
import type { PlayerStatsView } from './player-stats.types';

function playerStatsView(family: string, c: Counters): PlayerStatsView {
  return {
    family,
    matches: n(c, 'matches'),
    wins: n(c, 'wins'),
    placements: [1, 2, 3, 4, 5, 6].map((p) => n(c, `place${p}`)),
    averagePlace: rate(c['placeSum'], c['matches']),
    bids: n(c, 'bids'),
    challenges: n(c, 'challenges'),
    challengesWon: n(c, 'challengesWon'),
    bidsChallenged: n(c, 'bidsChallenged'),
    bidsHeld: n(c, 'bidsHeld'),
    bluffRate: rate(c['bluffs'], c['bids']),
    spotOnCalls: n(c, 'spotOnCalls'),
    spotOnAccuracy: rate(c['spotOnCorrect'], c['spotOnCalls']),
    shots: n(c, 'shots'),
    revolverSurvival: rate(c['shotsSurvived'], c['shots']),
    diceLost: n(c, 'diceLost'),
  };
}

export function playerStatsViews(rows: Map<string, Counters>, family: string | null): PlayerStatsView[] {
  return byFamily(rows, playerStatsView, family);
}
