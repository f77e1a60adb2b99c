import type { TournamentEvent } from './events';
import { evolve } from './evolve';
import type { Tournament } from './state';

/**
 * Collects the events a command decides, folding each as it goes, so later decisions (is the round complete,
 * is the tournament over) read the state those events produce: one fold, shared with replay.
 */
export class Recorder {
  readonly events: TournamentEvent[] = [];

  constructor(public state: Tournament) {}

  emit(event: TournamentEvent): Tournament {
    this.events.push(event);
    this.state = evolve(this.state, event) as Tournament;
    return this.state;
  }
}
