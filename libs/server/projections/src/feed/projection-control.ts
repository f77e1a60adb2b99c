import type { ProjectionState } from '../engine/checkpoint-store';

/**
 * What the read API may ask of whatever runs the projections (ProjectionsService implements it): their
 * status, a ladder's recomputation and a read model's rebuild (the projections' writer must do both).
 */
export abstract class ProjectionControl {
  /** Each projection's checkpoint and failure, as committed. */
  abstract states(): ProjectionState[];
  /** Recomputes a family's ladder from its remaining ranked results (after a void). */
  abstract recompute(family: string): Promise<void>;
  /** Empties one read model and replays the log into it, live (resolves once the replay has started). */
  abstract rebuild(name: string): Promise<void>;
}
