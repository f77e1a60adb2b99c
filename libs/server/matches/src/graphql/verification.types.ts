import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Discrepancy')
export class DiscrepancyView {
  @Field(() => Int, { description: "Index of the event in the match's engine log." }) event!: number;
  @Field() what!: string;
}

@ObjectType('Verification')
export class VerificationView {
  @Field(() => ID) matchId!: string;
  @Field() verified!: boolean;
  @Field() commitmentMatches!: boolean;
  @Field(() => Int) rollsChecked!: number;
  @Field(() => Int) shotsChecked!: number;
  @Field(() => [DiscrepancyView]) discrepancies!: DiscrepancyView[];
  @Field() seed!: string;
  @Field() commitment!: string;
}
