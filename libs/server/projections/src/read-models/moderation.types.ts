import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { enumFrom } from '@liars-dice/server-platform';
import { DISPUTE_CATEGORIES, DISPUTE_STATUSES, RULING_ACTIONS, SANCTION_KINDS } from '@liars-dice/game-moderation';

/** Moderation's vocabulary as GraphQL enums, registered once for the read and the write side. */
export const DisputeStatusEnum = enumFrom(DISPUTE_STATUSES, 'DisputeStatus', 'Where a dispute stands (docs/moderation.md).');
export const DisputeCategoryEnum = enumFrom(DISPUTE_CATEGORIES, 'DisputeCategory', 'collusion, stalling (or abuse), misrule (a bug or a wrong ruling), other.');
export const RulingActionEnum = enumFrom(RULING_ACTIONS, 'RulingAction');
export const SanctionKindEnum = enumFrom(SANCTION_KINDS, 'SanctionKind', 'A warning, a ranked ban for some days, or a collusion mark.');
export const AppealDecisionEnum = enumFrom(['upheld', 'overturned'] as const, 'AppealDecision', 'upheld: the ruling stands; overturned: it is undone.');
export const FilerCapacityEnum = enumFrom(['player', 'moderator'] as const, 'FilerCapacity', 'A player of the match, or a moderator on their own.');

@ObjectType('AccountRef', { description: 'An account as moderation names it.' })
export class AccountRefView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@ObjectType('SanctionOrder', { description: 'A sanction a ruling orders; days for a ranked ban only.' })
export class SanctionOrderView {
  @Field(() => ID, { description: 'The id the sanction has on the account once the ruling takes effect (`<disputeId>/s<n>`): what `liftSanction` takes.' })
  sanctionId!: string;
  @Field(() => ID) account!: string;
  @Field(() => SanctionKindEnum) kind!: string;
  @Field(() => Int, { nullable: true }) days!: number | null;
}
