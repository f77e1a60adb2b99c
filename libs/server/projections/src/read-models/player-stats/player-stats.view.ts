import { rate } from '@liars-dice/game-projections';
import { byFamily, type Counters, n } from '../counter-rows';
import { indexesOf, seatPositions } from '../distributions';
import type { PlacementsAtSizeView, PlayerStatsView } from './player-stats.types';

function placementsBySize(c: Counters): PlacementsAtSizeView[] {
  return indexesOf(c, 'size').map((tableSize) => {
    const places = Array.from({ length: tableSize }, (_, i) => ({ place: i + 1, count: n(c, `size:${tableSize}:place:${i + 1}`) }));
    return { tableSize, matches: places.reduce((sum, p) => sum + p.count, 0), places };
  });
}

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
    bluffsChallenged: n(c, 'bluffsChallenged'),
    bluffsCaught: n(c, 'bluffsCaught'),
    bluffCaughtRate: rate(c['bluffsCaught'], c['bluffsChallenged']),
    placementsBySize: placementsBySize(c),
    seatPositions: seatPositions(c, 'seat', (position) => n(c, `seat:${position}:matches`)),
  };
}

export function playerStatsViews(rows: Map<string, Counters>, family: string | null): PlayerStatsView[] {
  return byFamily(rows, playerStatsView, family);
}
