import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { AppealDecisionEnum, DisputeCategoryEnum, DisputeOutcomeView, DisputeView, RulingActionEnum, SanctionKindEnum } from '@liars-dice/server-projections';

const COMMAND_ID = 'Your id for this command (1 to 100 letters, digits, . _ ~ -): sending it again returns the first result.';

@InputType()
export class FileDisputeInput {
  @Field(() => ID) matchId!: string;
  @Field({ description: COMMAND_ID }) commandId!: string;
  @Field(() => DisputeCategoryEnum) category!: string;
  @Field({ description: 'What happened, at most 2,000 characters.' }) text!: string;
  @Field(() => [Int], { defaultValue: [], description: 'Replay steps it is about (at most 50; none: the whole match).' }) steps!: number[];
}

@InputType()
export class DisputeCommandInput {
  @Field(() => ID) disputeId!: string;
  @Field({ description: COMMAND_ID }) commandId!: string;
}

@InputType()
export class ClaimDisputeInput extends DisputeCommandInput {
  @Field(() => Int, { nullable: true, description: 'The revision you saw: a claim on a dispute that changed since is refused (STALE_REVISION).' })
  expectedRevision?: number | null;
}

@InputType()
export class DisputeNoteInput extends DisputeCommandInput {
  @Field() text!: string;
}

@InputType()
export class DisputeReasonInput extends DisputeCommandInput {
  @Field({ description: 'At most 500 characters.' }) reason!: string;
}

@InputType()
export class SanctionOrderInput {
  @Field(() => ID, { description: 'A player of the match.' }) account!: string;
  @Field(() => SanctionKindEnum) kind!: string;
  @Field(() => Int, { nullable: true, description: 'Ranked bans only: 1 to 365 days.' }) days?: number | null;
}

@InputType()
export class RuleDisputeInput extends DisputeReasonInput {
  @Field(() => RulingActionEnum) action!: string;
  @Field(() => [SanctionOrderInput], { defaultValue: [] }) sanctions!: SanctionOrderInput[];
}

@InputType()
export class AppealRulingInput extends DisputeCommandInput {
  @Field({ description: 'Why the ruling is wrong, at most 2,000 characters.' }) text!: string;
}

@InputType()
export class DecideAppealInput extends DisputeReasonInput {
  @Field(() => AppealDecisionEnum) decision!: string;
}

@InputType()
export class LiftSanctionInput {
  @Field(() => ID) account!: string;
  @Field(() => ID) sanctionId!: string;
  @Field({ description: COMMAND_ID }) commandId!: string;
  @Field({ description: 'At most 500 characters.' }) reason!: string;
}

@ObjectType('ModerationUpdate', { description: 'A dispute changed: its outcome for the parties, and the whole dispute for moderators.' })
export class ModerationUpdateView {
  @Field(() => ID) disputeId!: string;
  @Field(() => ID) matchId!: string;
  @Field({ description: 'The event that changed it (DisputeFiled, DisputeRuled, AppealDecided…).' }) event!: string;
  @Field() at!: string;
  @Field(() => DisputeOutcomeView) outcome!: DisputeOutcomeView;
  @Field(() => DisputeView, { nullable: true, description: 'Moderators only.' }) dispute!: DisputeView | null;
}
