import { tutorialDeltas } from '@liars-dice/game-projections';
import { countersProjection } from '../../engine/counters';

/** Per account and family: tutorial matches only, kept apart from everything else. */
export const tutorialProjection = countersProjection('tutorial', 'tutorial_progress', ['account', 'family'], tutorialDeltas);
