import { ArgsType, Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { PageOf, pageSize } from '@liars-dice/server-platform';
import { ConsistentArgs, WRITTEN_POSITION } from '../../feed/consistent-reads';
import { PairSignalsView } from '../collusion/collusion.types';
import {
  AccountRefView,
  AppealDecisionEnum,
  DisputeCategoryEnum,
  DisputeStatusEnum,
  FilerCapacityEnum,
  RulingActionEnum,
  SanctionOrderView,
} from '../moderation.types';

@ObjectType('QueueScoreParts', { description: 'Each term of a dispute’s queue score (docs/moderation.md).' })
export class QueueScorePartsView {
  @Field(() => Float) base!: number;
  @Field(() => Float) age!: number;
  @Field(() => Float) filers!: number;
  @Field(() => Float) moderator!: number;
  @Field(() => Float) record!: number;
  @Field(() => Float) signal!: number;
  @Field(() => Float) live!: number;
  @Field(() => Float) misrule!: number;
}

@ObjectType('DisputeSummary', { description: 'A dispute in the moderators’ queue.' })
export class DisputeSummaryView {
  @Field(() => ID) id!: string;
  @Field(() => ID) matchId!: string;
  @Field(() => DisputeStatusEnum) status!: string;
  @Field() openedAt!: string;
  @Field({ description: 'Filed while the match was live: its result waits for the ruling.' }) live!: boolean;
  @Field(() => Int) filers!: number;
  @Field(() => [DisputeCategoryEnum]) categories!: string[];
  @Field(() => AccountRefView, { nullable: true }) claimedBy!: AccountRefView | null;
  @Field(() => Int, { description: 'Pass as expectedRevision when claiming.' }) revision!: number;
  @Field(() => Float) score!: number;
  @Field(() => QueueScorePartsView) scoreParts!: QueueScorePartsView;
}

@ObjectType('DisputePage')
export class DisputePage extends PageOf(DisputeSummaryView) {}

@ObjectType('Filing')
export class FilingView {
  @Field(() => AccountRefView) filer!: AccountRefView;
  @Field(() => FilerCapacityEnum) capacity!: string;
  @Field(() => DisputeCategoryEnum) category!: string;
  @Field() text!: string;
  @Field(() => [Int], { description: 'Replay steps the filing is about (empty: the whole match).' }) steps!: number[];
  @Field() at!: string;
}

@ObjectType('DisputeNote', { description: 'A moderator’s private note.' })
export class DisputeNoteView {
  @Field(() => AccountRefView) moderator!: AccountRefView;
  @Field() text!: string;
  @Field() at!: string;
}

@ObjectType('Ruling')
export class RulingView {
  @Field(() => RulingActionEnum) action!: string;
  @Field() reason!: string;
  @Field(() => [SanctionOrderView]) sanctions!: SanctionOrderView[];
  @Field(() => AccountRefView) moderator!: AccountRefView;
  @Field() at!: string;
  @Field(() => AccountRefView, { nullable: true }) confirmedBy!: AccountRefView | null;
  @Field(() => String, { nullable: true, description: 'Null while it waits for a second moderator.' }) effectiveAt!: string | null;
}

@ObjectType('RulingRejection')
export class RulingRejectionView {
  @Field(() => AccountRefView) moderator!: AccountRefView;
  @Field() reason!: string;
  @Field() at!: string;
}

@ObjectType('Appeal')
export class AppealView {
  @Field(() => AccountRefView) player!: AccountRefView;
  @Field() text!: string;
  @Field() at!: string;
  @Field(() => AppealDecisionEnum, { nullable: true }) decision!: string | null;
  @Field(() => AccountRefView, { nullable: true }) decidedBy!: AccountRefView | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true }) decidedAt!: string | null;
}

@ObjectType('Dispute', { description: 'A dispute as moderators see it: filings, notes, ruling, appeal and the signals of its players.' })
export class DisputeView extends DisputeSummaryView {
  @Field(() => Int) number!: number;
  @Field(() => [ID]) players!: string[];
  @Field(() => String, { nullable: true }) endedAt!: string | null;
  @Field(() => [FilingView]) filings!: FilingView[];
  @Field(() => [DisputeNoteView]) notes!: DisputeNoteView[];
  @Field(() => RulingView, { nullable: true }) ruling!: RulingView | null;
  @Field(() => [RulingRejectionView]) rejections!: RulingRejectionView[];
  @Field(() => AppealView, { nullable: true }) appeal!: AppealView | null;
  @Field(() => [PairSignalsView], { description: 'The collusion signals of every pair of the match’s players.' }) signals!: PairSignalsView[];
  @Field(() => String, WRITTEN_POSITION) position!: string | null;
}

@ObjectType('OutcomeRuling')
export class OutcomeRulingView {
  @Field(() => RulingActionEnum) action!: string;
  @Field() reason!: string;
  @Field(() => [SanctionOrderView]) sanctions!: SanctionOrderView[];
  @Field() at!: string;
}

@ObjectType('OutcomeAppeal')
export class OutcomeAppealView {
  @Field(() => AccountRefView) player!: AccountRefView;
  @Field() at!: string;
  @Field(() => AppealDecisionEnum, { nullable: true }) decision!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => String, { nullable: true }) decidedAt!: string | null;
}

@ObjectType('DisputeOutcome', { description: 'What the filers and the players a ruling touches see: never the filers, their texts or the notes.' })
export class DisputeOutcomeView {
  @Field(() => ID) disputeId!: string;
  @Field(() => ID) matchId!: string;
  @Field(() => DisputeStatusEnum) status!: string;
  @Field() openedAt!: string;
  @Field(() => OutcomeRulingView, { nullable: true, description: 'The ruling in force, if any.' }) ruling!: OutcomeRulingView | null;
  @Field(() => OutcomeAppealView, { nullable: true }) appeal!: OutcomeAppealView | null;
  @Field(() => String, WRITTEN_POSITION) position!: string | null;
}

@ObjectType('DisputeOutcomePage')
export class DisputeOutcomePage extends PageOf(DisputeOutcomeView) {}

@ArgsType()
export class DisputesArgs extends ConsistentArgs {
  @Field(() => [DisputeStatusEnum], { defaultValue: ['open', 'awaiting-second', 'appealed'], description: 'Default: what waits for a moderator.' })
  status!: string[];
  @Field(() => Int, pageSize(20, 100, 'disputes')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}

@ArgsType()
export class OutcomesArgs extends ConsistentArgs {
  @Field(() => ID, { nullable: true, description: 'Moderators: whose outcomes (default: your own).' }) account?: string | null;
  @Field(() => Int, pageSize(20, 100, 'outcomes')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}
