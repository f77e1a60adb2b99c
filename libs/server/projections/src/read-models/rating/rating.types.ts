import { ArgsType, Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { PageOf, pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs } from '../../feed/consistent-reads';

@ObjectType('LeaderboardEntry')
export class LeaderboardEntryView {
  @Field(() => ID) player!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Displayed rating: 1500 + 60 × (mu − 3σ).' }) rating!: number;
  @Field(() => Float) mu!: number;
  @Field(() => Float) sigma!: number;
  @Field(() => Int) matches!: number;
  /** The ladder it stands on (for its `trend`), not a field. */
  family!: string;
}

@ObjectType('LeaderboardPage')
export class LeaderboardPage extends PageOf(LeaderboardEntryView) {}

@ObjectType('RatingChange')
export class RatingChangeView {
  @Field(() => ID) matchId!: string;
  @Field() at!: string;
  @Field(() => Int) place!: number;
  @Field(() => Int) before!: number;
  @Field(() => Int) after!: number;
  @Field(() => Float) mu!: number;
  @Field(() => Float) sigma!: number;
}

@ObjectType('RatingHistoryPage')
export class RatingHistoryPage extends PageOf(RatingChangeView) {}

@ArgsType()
export class RatingHistoryArgs extends ConsistentArgs {
  @Field(() => ID) player!: string;
  @Field() family!: string;
  @Field(() => Int, pageSize(50, 100, 'rating changes')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
