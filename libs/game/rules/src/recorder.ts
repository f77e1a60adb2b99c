import type { MatchEvent } from './events';
import { evolve } from './evolve';
import type { MatchState } from './state';

/**
 * Collects the events a command decides, folding each one as it goes so that later decisions (who is out,
 * who starts next) read the state those events produce. One fold, shared with replay: no second copy of the
 * rules for "what happens after".
 */
export class Recorder {
  readonly events: MatchEvent[] = [];

  constructor(public state: MatchState) {}

  emit(event: MatchEvent): MatchState {
    this.events.push(event);
    this.state = evolve(this.state, event);
    return this.state;
  }
}
