import { playerStatDeltas } from '@liars-dice/game-projections';
import { countersProjection } from '../../engine/counters';

/** Per account and family (and 'all'): ranked regular matches only. */
export const playerStatsProjection = countersProjection('player-stats', 'player_stats', ['account', 'family'], playerStatDeltas);
