import { ArgsType, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { PageOf, pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs } from '../../feed/consistent-reads';
import { AccountRefView } from '../moderation.types';

@ObjectType('SignalTest', { description: 'One collusion signal: what was seen, what chance gives, and −log10 of the chance of a result this far off.' })
export class SignalTestView {
  @Field(() => Int) observed!: number;
  @Field(() => Float) expected!: number;
  @Field(() => Int, { description: 'Opportunities, raises or matches the rate is measured over.' }) trials!: number;
  @Field(() => Float, { description: '0 = unremarkable, 3 = one pair in a thousand, 6 = one in a million.' }) evidence!: number;
}

@ObjectType('PairSignals', { description: 'How a pair of players treat each other over their shared ranked matches (docs/moderation.md).' })
export class PairSignalsView {
  @Field(() => AccountRefView) a!: AccountRefView;
  @Field(() => AccountRefView) b!: AccountRefView;
  @Field(() => Int) sharedMatches!: number;
  @Field(() => Float, { description: 'Fisher-combined evidence of the five tests: the ranking key.' }) suspicion!: number;
  @Field(() => Float, { description: 'The same over the four answer tests alone (co-seating left out).' }) play!: number;
  @Field({ description: 'Suspicion at or above the threshold (8).' }) flagged!: boolean;
  @Field(() => SignalTestView, { description: "a's liar/spot-on calls on b's bids (fewer is suspicious)." }) challengesAB!: SignalTestView;
  @Field(() => SignalTestView) challengesBA!: SignalTestView;
  @Field(() => SignalTestView, { description: "a's minimum raises over b's bids (more is suspicious)." }) softRaisesAB!: SignalTestView;
  @Field(() => SignalTestView) softRaisesBA!: SignalTestView;
  @Field(() => SignalTestView, { description: 'Dice lost to each other in calls between them (fewer is suspicious; shown, not combined).' }) diceLost!: SignalTestView;
  @Field(() => SignalTestView, { description: 'Ranked matches at the same table (more than chance is suspicious).' }) coSeating!: SignalTestView;
}

@ObjectType('PairSignalsPage')
export class PairSignalsPage extends PageOf(PairSignalsView) {}

@ArgsType()
export class SuspiciousPairsArgs extends ConsistentArgs {
  @Field(() => Float, { defaultValue: 0, description: 'Only pairs at or above this suspicion.' }) minSuspicion!: number;
  @Field(() => Int, pageSize(20, 100, 'pairs')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
