import { Query, Resolver } from '@nestjs/graphql';
import { ProjectionControl } from '../feed/projection-control';
import { ProjectionStatusView } from './projection-status.types';

/** The runner's state of each read model. */
@Resolver()
export class ProjectionStatusResolver {
  constructor(private readonly control: ProjectionControl) {}

  @Query(() => [ProjectionStatusView], { description: 'Each read model: checkpoint, events applied, and where it stopped if it failed.' })
  projectionStatus(): ProjectionStatusView[] {
    return this.control.states().map((s) => ({
      name: s.name,
      position: s.position?.toString() ?? null,
      events: s.events,
      failure: s.failure ? { ...s.failure, position: s.failure.position.toString() } : null,
    }));
  }
}
