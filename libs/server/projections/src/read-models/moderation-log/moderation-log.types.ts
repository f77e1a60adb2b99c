import { ArgsType, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { PageOf, pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs } from '../../feed/consistent-reads';
import { AccountRefView } from '../moderation.types';

@ObjectType('ModerationLogEntry', { description: 'One moderator action: who, when, what, why.' })
export class ModerationLogEntryView {
  @Field() at!: string;
  @Field(() => AccountRefView) moderator!: AccountRefView;
  @Field({ description: 'filed, claimed, released, noted, ruled, confirmed, rejected, decided appeal, sanctioned, lifted sanction.' }) action!: string;
  @Field(() => ID, { nullable: true }) disputeId!: string | null;
  @Field(() => ID, { nullable: true }) matchId!: string | null;
  @Field(() => ID, { nullable: true }) sanctionId!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field({ description: 'JSON: what the action set (the ruling’s action and sanctions, the sanction’s kind and end…).' }) details!: string;
}

@ObjectType('ModerationLogPage')
export class ModerationLogPage extends PageOf(ModerationLogEntryView) {}

@ArgsType()
export class ModerationLogArgs extends ConsistentArgs {
  @Field(() => ID, { nullable: true, description: 'Moderators: entries about this account (default: all); players: their own only.' }) account?: string | null;
  @Field(() => Int, pageSize(50, 200, 'entries')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
