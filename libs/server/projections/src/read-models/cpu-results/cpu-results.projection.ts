import { cpuResultDeltas } from '@liars-dice/game-projections';
import { countersProjection } from '../../engine/counters';

/** Per family (and 'all') and CPU level: unranked regular and practice matches a CPU and a person finished. */
export const cpuResultsProjection = countersProjection('cpu-results', 'cpu_results', ['family', 'level'], cpuResultDeltas);
