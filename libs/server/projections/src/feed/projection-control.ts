import type { ProjectionState } from '../engine/checkpoint-store';

/**
 * What the read API may ask of whatever runs the projections (ProjectionsService implements it): their
 * status, and a ladder's recomputation (the projections' writer must do it).
 */
export abstract class ProjectionControl {
  /** Each projection's checkpoint and failure, as committed. */
  abstract states(): ProjectionState[];
  /** Recomputes a family's ladder from its remaining ranked results (after a void). */
  abstract recompute(family: string): Promise<void>;
}
