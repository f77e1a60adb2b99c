import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('GlobalStats')
export class GlobalStatsView {
  @Field() family!: string;
  @Field({ description: 'Players at the table, or "all".' }) tableSize!: string;
  @Field(() => Int) matches!: number;
  @Field(() => Int) rounds!: number;
  @Field(() => Float, { nullable: true, description: 'Share of revealed rounds whose opening bid the table backed.' }) openingBidHoldRate!: number | null;
  @Field(() => Float, { nullable: true }) liarCallSuccessRate!: number | null;
  @Field(() => Float, { nullable: true }) spotOnSuccessRate!: number | null;
  @Field(() => Float, { nullable: true }) fatalShotRate!: number | null;
  @Field(() => Int) timeouts!: number;
}
