import { Inject } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { EventStore } from '@liars-dice/event-store-port';
import { checkFirst, Clock, EVENT_STORE, mapPage, MetricsRegistry, Refusal } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { ProjectionControl } from '../feed/projection-control';
import { lagAfter, type ProjectionLag } from '../feed/projection-lag';
import { PROJECTION_NAMES } from '../read-models';
import { requireAdmin } from './admin';
import { type OperationsLogEntry, readOperationsLog, recordRebuild } from './operations-log';
import { OperationsLogArgs, OperationsLogEntryView, OperationsLogPage, ReadModelStatusView, RebuildReadModelArgs, ServiceMetricsView } from './read-models.types';
import { readServiceMetrics } from './service-metrics';

const MAX_REASON = 500;

function entryView(entry: OperationsLogEntry): OperationsLogEntryView {
  const { revision, by, action, readModel, reason, at } = entry;
  return { revision, by, action, readModel, reason, at: new Date(at).toISOString() };
}

/** The operators' view of the read side: each read model's checkpoint and lag, a rebuild on record, the key metrics. */
@Resolver()
export class ReadModelsResolver {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly control: ProjectionControl,
    private readonly registry: MetricsRegistry,
    private readonly clock: Clock,
  ) {}

  @Query(() => [ReadModelStatusView], { description: 'Admins: every read model with its checkpoint, lag in events and seconds, and last error.' })
  async readModels(@Viewer() viewer: Principal | null): Promise<ReadModelStatusView[]> {
    requireAdmin(viewer);
    const now = this.clock.now();
    const states = this.control.states();
    // Read models usually share a checkpoint: the store is read once per distinct position.
    const lags = new Map<bigint | null, Promise<ProjectionLag>>();
    const lagOf = (position: bigint | null): Promise<ProjectionLag> => {
      const known = lags.get(position) ?? lagAfter(this.store, position, now);
      lags.set(position, known);
      return known;
    };
    return Promise.all(
      states.map(async ({ name, position, events, failure }) => {
        const lag = await lagOf(position);
        return {
          name,
          position: position?.toString() ?? null,
          events,
          eventsBehind: lag.events,
          behindCapped: lag.capped,
          lagSeconds: lag.seconds,
          failure: failure ? { ...failure, position: failure.position.toString() } : null,
        };
      }),
    );
  }

  @Mutation(() => OperationsLogEntryView, {
    description: 'Admins: empty one read model and replay the log into it while the service runs; recorded in the operations log first.',
  })
  async rebuildReadModel(@Viewer() viewer: Principal | null, @Args() { name, reason }: RebuildReadModelArgs): Promise<OperationsLogEntryView> {
    const admin = requireAdmin(viewer);
    if (!PROJECTION_NAMES.includes(name)) throw new Refusal('BAD_USER_INPUT', `name: no read model ${name} (known: ${PROJECTION_NAMES.join(', ')})`, 'name');
    const why = reason.trim();
    if (why.length === 0 || why.length > MAX_REASON) throw new Refusal('BAD_USER_INPUT', `reason: 1 to ${MAX_REASON} characters`, 'reason');
    const entry = await recordRebuild(this.store, { readModel: name, reason: why, by: { id: admin.id, name: admin.name }, at: this.clock.now() });
    await this.control.rebuild(name);
    return entryView(entry);
  }

  @Query(() => OperationsLogPage, { description: "Admins: operators' actions (rebuilds), newest first." })
  async operationsLog(@Viewer() viewer: Principal | null, @Args() { first, after }: OperationsLogArgs): Promise<OperationsLogPage> {
    requireAdmin(viewer);
    checkFirst(first);
    return mapPage(await readOperationsLog(this.store, first, after ?? null), entryView);
  }

  @Query(() => ServiceMetricsView, { description: 'Admins: uptime, memory, event-loop delay, commands and projection lag at a glance.' })
  serviceMetrics(@Viewer() viewer: Principal | null): Promise<ServiceMetricsView> {
    requireAdmin(viewer);
    return readServiceMetrics(this.registry, this.clock.now());
  }
}
