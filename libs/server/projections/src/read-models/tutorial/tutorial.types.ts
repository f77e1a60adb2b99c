import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('TutorialProgress')
export class TutorialProgressView {
  @Field() family!: string;
  @Field(() => Int) started!: number;
  @Field(() => Int) finished!: number;
  @Field(() => Int) won!: number;
  @Field(() => Int) rounds!: number;
  @Field(() => Int) bids!: number;
  @Field(() => Int) challenges!: number;
}
