import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PlayerStats')
export class PlayerStatsView {
  @Field({ description: 'A family, or "all".' }) family!: string;
  @Field(() => Int) matches!: number;
  @Field(() => Int) wins!: number;
  @Field(() => [Int], { description: 'How often 1st, 2nd, … 6th.' }) placements!: number[];
  @Field(() => Float, { nullable: true }) averagePlace!: number | null;
  @Field(() => Int) bids!: number;
  @Field(() => Int) challenges!: number;
  @Field(() => Int) challengesWon!: number;
  @Field(() => Int) bidsChallenged!: number;
  @Field(() => Int) bidsHeld!: number;
  @Field(() => Float, { nullable: true, description: 'Bids none of the bidder’s own dice backed, over bids.' }) bluffRate!: number | null;
  @Field(() => Int) spotOnCalls!: number;
  @Field(() => Float, { nullable: true }) spotOnAccuracy!: number | null;
  @Field(() => Int) shots!: number;
  @Field(() => Float, { nullable: true }) revolverSurvival!: number | null;
  @Field(() => Int) diceLost!: number;
}
