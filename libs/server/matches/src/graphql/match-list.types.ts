import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('MatchSummary')
export class MatchSummary {
  @Field(() => ID) id!: string;
  @Field() ruleset!: string;
  @Field() kind!: string;
  @Field() ranked!: boolean;
  @Field() status!: string;
  @Field() host!: string;
  @Field(() => [String], { nullable: 'items', description: 'Seat holders by name; "cpu" for CPU seats, null for free seats.' }) players!: (string | null)[];
  @Field(() => Int) freeSeats!: number;
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field({ description: 'ISO-8601.' }) openedAt!: string;
}

@ObjectType('MatchPage')
export class MatchPage {
  @Field(() => [MatchSummary]) nodes!: MatchSummary[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page.' }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

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
