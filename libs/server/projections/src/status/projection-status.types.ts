import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ProjectionFailure')
export class ProjectionFailureView {
  @Field() eventId!: string;
  @Field() stream!: string;
  @Field() type!: string;
  @Field() position!: string;
  @Field() error!: string;
}

@ObjectType('ProjectionStatus')
export class ProjectionStatusView {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) position!: string | null;
  @Field(() => Int) events!: number;
  @Field(() => ProjectionFailureView, { nullable: true }) failure!: ProjectionFailureView | null;
}
