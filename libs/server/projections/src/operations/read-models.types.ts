import { ArgsType, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { AccountRefView } from '../read-models/moderation.types';
import { ProjectionFailureView } from '../status/projection-status.types';
import { PageOf } from '@liars-dice/server-platform';

@ObjectType('ReadModelStatus', { description: 'One read model as its projection stands: checkpoint, lag, and where it stopped if it failed.' })
export class ReadModelStatusView {
  @Field({ description: 'The name a rebuild takes (`npm run rebuild -- <name>`).' }) name!: string;
  @Field(() => String, { nullable: true, description: 'The last store position applied; null before the first event.' }) position!: string | null;
  @Field(() => Int, { description: 'Events applied since it was (re)built.' }) events!: number;
  @Field(() => Int, { description: 'Events in the store after its checkpoint (at most 10,000: see behindCapped).' }) eventsBehind!: number;
  @Field({ description: 'More than 10,000 events are waiting.' }) behindCapped!: boolean;
  @Field(() => Float, { description: 'Seconds since the store committed the oldest event it has not applied (0 at the head).' }) lagSeconds!: number;
  @Field(() => ProjectionFailureView, { nullable: true, description: 'The event it stopped on and the error (the last error).' }) failure!: ProjectionFailureView | null;
}

@ObjectType('OperationsLogEntry', { description: "An operator's action on the service, from the operations-log stream." })
export class OperationsLogEntryView {
  @Field(() => Int, { description: 'Its revision in the operations-log stream.' }) revision!: number;
  @Field({ description: 'ISO-8601.' }) at!: string;
  @Field(() => AccountRefView) by!: AccountRefView;
  @Field({ description: 'rebuild (of one read model).' }) action!: string;
  @Field() readModel!: string;
  @Field() reason!: string;
}

@ObjectType('OperationsLogPage')
export class OperationsLogPage extends PageOf(OperationsLogEntryView) {}

@ObjectType('ServiceMetrics', { description: "The numbers an operator looks at first, from this API process's /metrics registry (null: not measured)." })
export class ServiceMetricsView {
  @Field(() => Float, { nullable: true }) uptimeSeconds!: number | null;
  @Field(() => Float, { nullable: true, description: 'Resident memory of the process (every thread).' }) residentBytes!: number | null;
  @Field(() => Float, { nullable: true, description: "The main thread's event-loop delay, 99th percentile." }) eventLoopLagP99Seconds!: number | null;
  @Field(() => Float, { description: 'Commands handled successfully since the start.' }) commandsOk!: number;
  @Field(() => Float, { description: 'Commands refused since the start (every outcome but ok and fenced).' }) commandsRefused!: number;
  @Field(() => Float, { description: 'Projection applications since the start (events times the read models that applied them).' }) projectionApplications!: number;
  @Field(() => Float, { nullable: true, description: "Mean seconds from an event's commit to the read-model commit that applied it." }) projectionLagMeanSeconds!: number | null;
}

@ArgsType()
export class RebuildReadModelArgs {
  @Field({ description: 'The read model (see readModels).' }) name!: string;
  @Field({ description: 'Why, for the operations log (1 to 500 characters).' }) reason!: string;
}

@ArgsType()
export class OperationsLogArgs {
  @Field(() => Int, { defaultValue: 20 }) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
