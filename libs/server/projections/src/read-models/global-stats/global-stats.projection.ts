import { globalStatDeltas } from '@liars-dice/game-projections';
import { countersProjection } from '../../engine/counters';

/** Per family and table size (and 'all'): ranked regular matches only. */
export const globalStatsProjection = countersProjection('global-stats', 'global_stats', ['family', 'table_size'], globalStatDeltas);
