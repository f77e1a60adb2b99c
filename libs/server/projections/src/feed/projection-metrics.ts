import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EventStore } from '@liars-dice/event-store-port';
import type { ProjectionState } from '../engine/checkpoint-store';
import { BEHIND_CAP, lagAfter } from './projection-lag';

/**
 * Lag on /metrics: how many match events each projection has still to apply (counted in the store on each
 * scrape, capped), and the time from the store's commit of an event to the read-model commit that applied it.
 */
export class ProjectionMetrics {
  readonly lag: Histogram;
  readonly applied: Counter;

  constructor(registry: Registry, store: EventStore, states: () => readonly ProjectionState[]) {
    this.lag = new Histogram({
      name: 'liars_dice_projection_lag_seconds',
      help: 'Time from the event store commit of an event to the read-model commit that applied it',
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1, 5],
      registers: [registry],
    });
    this.applied = new Counter({ name: 'liars_dice_projection_applications_total', help: 'Events applied, summed over projections', registers: [registry] });
    new Gauge({
      name: 'liars_dice_projection_failed',
      help: '1 while a projection is stopped on an event it could not apply',
      labelNames: ['projection'],
      registers: [registry],
      collect() {
        for (const state of states()) this.set({ projection: state.name }, state.failure ? 1 : 0);
      },
    });
    new Gauge({
      name: 'liars_dice_projection_events_behind',
      help: `Match events in the store after the projection's checkpoint (capped at ${BEHIND_CAP})`,
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        // Projections usually share a checkpoint: count once per distinct position.
        const counted = new Map<bigint | null, Promise<number>>();
        for (const state of states()) {
          if (!counted.has(state.position)) counted.set(state.position, lagAfter(store, state.position, Date.now()).then((lag) => lag.events));
          this.set({ projection: state.name }, await (counted.get(state.position) ?? 0));
        }
      },
    });
  }
}
