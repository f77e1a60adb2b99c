import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Discrepancy')
export class DiscrepancyView {
  @Field(() => Int, { description: "Index of the event in the match's engine log." }) event!: number;
  @Field() what!: string;
}

@ObjectType('VerifiedHand', { description: "A seat's hand in a round as recorded; `index` is the seat index of its dice label." })
export class VerifiedHandView {
  @Field() seat!: string;
  @Field(() => Int) index!: number;
  @Field(() => [Int]) dice!: number[];
}

@ObjectType('VerifiedRound')
export class VerifiedRoundView {
  @Field(() => Int) round!: number;
  @Field(() => [VerifiedHandView]) hands!: VerifiedHandView[];
}

@ObjectType('VerifiedPull', { description: 'A trigger pull as recorded; `pull` is the match-wide number of its chamber label.' })
export class VerifiedPullView {
  @Field(() => Int) pull!: number;
  @Field() seat!: string;
  @Field(() => Int) chamber!: number;
  @Field(() => Int) bullets!: number;
  @Field() fatal!: boolean;
}

@ObjectType('VerificationLabels', { description: 'The HMAC message labels of docs/protocols/fairness.md, filled with this match.' })
export class VerificationLabelsView {
  @Field() dice!: string;
  @Field() chamber!: string;
}

@ObjectType('Verification', { description: 'The check of a finished match, and everything needed to redo it outside (docs/protocols/fairness.md).' })
export class VerificationView {
  @Field(() => ID) matchId!: string;
  @Field() verified!: boolean;
  @Field() commitmentMatches!: boolean;
  @Field(() => Int) rollsChecked!: number;
  @Field(() => Int) shotsChecked!: number;
  @Field(() => [DiscrepancyView]) discrepancies!: DiscrepancyView[];
  @Field() seed!: string;
  @Field() commitment!: string;
  @Field({ description: 'The fairness protocol version (v1).' }) version!: string;
  @Field(() => [String], { description: 'The seat order: seats[s] uses seat index s in its dice labels.' }) seats!: string[];
  @Field(() => VerificationLabelsView) labels!: VerificationLabelsView;
  @Field(() => [VerifiedRoundView]) rounds!: VerifiedRoundView[];
  @Field(() => [VerifiedPullView]) pulls!: VerifiedPullView[];
}
