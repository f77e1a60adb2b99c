import { ArgsType, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PageOf, pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs, WRITTEN_POSITION } from '../../feed/consistent-reads';
import { AccountRefView, SanctionKindEnum } from '../moderation.types';

@ObjectType('Sanction')
export class SanctionView {
  @Field(() => ID) id!: string;
  @Field(() => AccountRefView) account!: AccountRefView;
  @Field(() => SanctionKindEnum) kind!: string;
  @Field(() => Int, { nullable: true }) days!: number | null;
  @Field(() => String, { nullable: true, description: 'When a ranked ban ends.' }) until!: string | null;
  @Field() reason!: string;
  @Field(() => AccountRefView) moderator!: AccountRefView;
  @Field(() => ID, { nullable: true, description: 'The dispute whose ruling ordered it.' }) disputeId!: string | null;
  @Field() at!: string;
  @Field({ description: 'Not lifted, and (a ban) not over.' }) active!: boolean;
  @Field(() => String, { nullable: true }) liftedAt!: string | null;
  @Field(() => AccountRefView, { nullable: true }) liftedBy!: AccountRefView | null;
  @Field(() => String, { nullable: true }) liftReason!: string | null;
  @Field(() => String, WRITTEN_POSITION) position!: string | null;
}

@ObjectType('SanctionPage')
export class SanctionPage extends PageOf(SanctionView) {}

@ArgsType()
export class SanctionsArgs extends ConsistentArgs {
  @Field(() => ID, { nullable: true, description: 'Moderators: whose (default: everyone’s); players: their own only.' }) account?: string | null;
  @Field({ defaultValue: false, description: 'Only those in force now.' }) active!: boolean;
  @Field(() => Int, pageSize(20, 100, 'sanctions')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
