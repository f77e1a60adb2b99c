import { byFamily, type Counters, n } from '../counter-rows';
import type { TutorialProgressView } from './tutorial.types';

export function tutorialViews(rows: Map<string, Counters>): TutorialProgressView[] {
  return byFamily(
    rows,
    (family, c) => ({ family, started: n(c, 'started'), finished: n(c, 'finished'), won: n(c, 'won'), rounds: n(c, 'rounds'), bids: n(c, 'bids'), challenges: n(c, 'challenges') }),
    null,
  );
}
