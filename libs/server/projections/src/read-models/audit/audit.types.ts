import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs } from '../../feed/consistent-reads';

export enum AuditAudienceName {
  PUBLIC = 'public',
  MODERATOR = 'moderator',
}
registerEnumType(AuditAudienceName, { name: 'AuditAudience' });

@ObjectType('AuditEntry')
export class AuditEntryView {
  @Field(() => Int, { description: "Index of the event in the match's stream." }) index!: number;
  @Field() type!: string;
  @Field(() => String, { nullable: true, description: 'account:<id>, cpu:<seat>, timer.' }) actor!: string | null;
  @Field(() => String, { nullable: true }) commandId!: string | null;
  @Field({ description: 'ISO-8601.' }) at!: string;
  @Field({ description: 'The rule outcome in words.' }) outcome!: string;
  @Field({ description: 'The event data as JSON (dice null while hidden).', complexity: 2 }) data!: string;
}

@ObjectType('AuditTrail')
export class AuditTrailView {
  @Field(() => ID) matchId!: string;
  @Field(() => AuditAudienceName) audience!: AuditAudienceName;
  @Field({ description: 'Some hands are hidden (rounds not revealed yet, or a moderator before the end).' }) redacted!: boolean;
  @Field(() => Int) total!: number;
  @Field(() => [AuditEntryView]) entries!: AuditEntryView[];
}

@ObjectType('ReplayStep')
export class ReplayStepView {
  @Field(() => Int) step!: number;
  @Field(() => Int, { nullable: true, description: "The event's index in the match's stream (its revision): moderators and admins only, else null." })
  index!: number | null;
  @Field() type!: string;
  @Field() at!: string;
  @Field(() => String, { nullable: true, description: 'account:<id>, cpu:<seat>, timer: moderators and admins only, else null.' }) actor!: string | null;
  @Field(() => String, { nullable: true, description: 'The command that caused the event: moderators and admins only, else null.' }) commandId!: string | null;
  @Field({ description: "The event's data as JSON; a roll shows only the hands this view holds at this step.", complexity: 2 }) event!: string;
  @Field({ description: "The match after this event as JSON: the public or the seat's view (playerView), or the full state.", complexity: 5 }) state!: string;
}

@ObjectType('ReplayWindow')
export class ReplayWindowView {
  @Field(() => ID) matchId!: string;
  @Field(() => Int, { description: 'Steps in the whole match.' }) total!: number;
  @Field({ description: 'Every hand is shown.' }) full!: boolean;
  @Field(() => String, { nullable: true, description: 'The seat whose view this is; null for the public and the full view.' }) seat!: string | null;
  @Field(() => [ReplayStepView]) steps!: ReplayStepView[];
}

@ArgsType()
export class AuditArgs extends ConsistentArgs {
  @Field(() => ID) id!: string;
  @Field(() => AuditAudienceName, { defaultValue: AuditAudienceName.PUBLIC }) audience!: AuditAudienceName;
  @Field(() => Int, pageSize(500, 5000, 'entries')) first!: number;
  @Field(() => Int, { nullable: true, description: 'An entry index: entries after it.' }) after?: number | null;
}

@ArgsType()
export class ReplayArgs extends ConsistentArgs {
  @Field(() => ID) id!: string;
  @Field(() => Int, { defaultValue: 0, description: 'The first step (0 = the state after the first engine event).' }) from!: number;
  @Field(() => Int, pageSize(50, 1000, 'steps')) count!: number;
  @Field({ defaultValue: false, description: 'Every hand at every step: anyone once the match is finished; NOT_FINISHED before, even for moderators with a dispute open.' }) full!: boolean;
  @Field(() => String, { nullable: true, description: "One seat's view (its own dice too): its player; anyone once finished." }) seat?: string | null;
  @Field({ defaultValue: true, description: 'false: each state keeps only the latest revealed round in its history (smaller windows for long matches).' }) history!: boolean;
}
