import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum AuditAudienceName {
  PUBLIC = 'public',
  MODERATOR = 'moderator',
}
registerEnumType(AuditAudienceName, { name: 'AuditAudience' });

@InputType()
export class MatchSearchInput {
  @Field(() => String, { nullable: true, description: 'classic, perudo or revolver' }) family?: string | null;
  @Field(() => ID, { nullable: true, description: 'An account id seated at (or hosting) the match.' }) player?: string | null;
  @Field(() => String, { nullable: true, description: 'lobby, playing or finished' }) status?: string | null;
  @Field(() => Boolean, { nullable: true }) ranked?: boolean | null;
  @Field(() => String, { nullable: true, description: 'regular, practice or tutorial' }) kind?: string | null;
  @Field(() => Boolean, { nullable: true }) disputed?: boolean | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened at or after.' }) openedFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened before.' }) openedTo?: string | null;
}

@ObjectType('MatchListEntry')
export class MatchListEntryView {
  @Field(() => ID) id!: string;
  @Field() family!: string;
  @Field() kind!: string;
  @Field() ranked!: boolean;
  @Field() status!: string;
  @Field() disputed!: boolean;
  @Field() voided!: boolean;
  @Field() host!: string;
  @Field(() => [String], { nullable: 'items', description: 'Account names in seat order; "cpu"; null for a free seat.' }) players!: (string | null)[];
  @Field(() => String, { nullable: true }) winner!: string | null;
  @Field() openedAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
  @Field(() => Int) rounds!: number;
}

@ObjectType('MatchListPage')
export class MatchListPage {
  @Field(() => [MatchListEntryView]) nodes!: MatchListEntryView[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

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
  @Field(() => Int) index!: number;
  @Field() type!: string;
  @Field() at!: string;
  @Field(() => String, { nullable: true, description: 'account:<id>, cpu:<seat>, timer.' }) actor!: string | null;
  @Field(() => String, { nullable: true }) commandId!: string | null;
  @Field({ description: "The event's data as JSON; a roll shows only the hands this view holds at this step.", complexity: 2 }) event!: string;
  @Field({ description: "The match after this event as JSON: the public or the seat's view (playerView), or the full state.", complexity: 5 }) state!: string;
}

@ObjectType('ReplayWindow')
export class ReplayWindowView {
  @Field(() => ID) matchId!: string;
  @Field(() => Int, { description: 'Steps in the whole match.' }) total!: number;
  @Field({ description: 'Every hand is shown.' }) full!: boolean;
  @Field(() => String, { nullable: true, description: "The seat whose view this is; null for the public and the full view." }) seat!: string | null;
  @Field(() => [ReplayStepView]) steps!: ReplayStepView[];
}

@ObjectType('LeaderboardEntry')
export class LeaderboardEntryView {
  @Field(() => ID) player!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'Displayed rating: 1500 + 60 × (mu − 3σ).' }) rating!: number;
  @Field(() => Float) mu!: number;
  @Field(() => Float) sigma!: number;
  @Field(() => Int) matches!: number;
}

@ObjectType('LeaderboardPage')
export class LeaderboardPage {
  @Field(() => [LeaderboardEntryView]) nodes!: LeaderboardEntryView[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

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
export class RatingHistoryPage {
  @Field(() => [RatingChangeView]) nodes!: RatingChangeView[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field() hasNextPage!: boolean;
}

@ObjectType('PlayerStats')
export class PlayerStatsView {
  @Field({ description: 'A family, or "all".' }) family!: string;
  @Field(() => Int) matches!: number;
  @Field(() => Int) wins!: number;
  @Field(() => [Int], { description: 'How often 1st, 2nd, … 6th.' }) placements!: number[];
  @Field(() => Float, { nullable: true }) averagePlace!: number | null;
  @Field(() => Int) bids!: number;
  @Field(() => Int) challenges!: number;
  @Field(() => Int) challengesWon!: number;
  @Field(() => Int) bidsChallenged!: number;
  @Field(() => Int) bidsHeld!: number;
  @Field(() => Float, { nullable: true, description: 'Bids none of the bidder’s own dice backed, over bids.' }) bluffRate!: number | null;
  @Field(() => Int) spotOnCalls!: number;
  @Field(() => Float, { nullable: true }) spotOnAccuracy!: number | null;
  @Field(() => Int) shots!: number;
  @Field(() => Float, { nullable: true }) revolverSurvival!: number | null;
  @Field(() => Int) diceLost!: number;
}

@ObjectType('GlobalStats')
export class GlobalStatsView {
  @Field() family!: string;
  @Field({ description: 'Players at the table, or "all".' }) tableSize!: string;
  @Field(() => Int) matches!: number;
  @Field(() => Int) rounds!: number;
  @Field(() => Float, { nullable: true, description: 'Share of revealed rounds whose opening bid the table backed.' }) openingBidHoldRate!: number | null;
  @Field(() => Float, { nullable: true }) liarCallSuccessRate!: number | null;
  @Field(() => Float, { nullable: true }) spotOnSuccessRate!: number | null;
  @Field(() => Float, { nullable: true }) fatalShotRate!: number | null;
  @Field(() => Int) timeouts!: number;
}

@ObjectType('TutorialProgress')
export class TutorialProgressView {
  @Field() family!: string;
  @Field(() => Int) started!: number;
  @Field(() => Int) finished!: number;
  @Field(() => Int) won!: number;
  @Field(() => Int) rounds!: number;
  @Field(() => Int) bids!: number;
  @Field(() => Int) challenges!: number;
}

@ObjectType('ProjectionFailure')
export class ProjectionFailureView {
  @Field() eventId!: string;
  @Field() stream!: string;
  @Field() type!: string;
  @Field() position!: string;
  @Field() error!: string;
}

@ObjectType('ProjectionStatus')
export class ProjectionStatusView {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) position!: string | null;
  @Field(() => Int) events!: number;
  @Field(() => ProjectionFailureView, { nullable: true }) failure!: ProjectionFailureView | null;
}

@ArgsType()
export class AuditArgs {
  @Field(() => ID) id!: string;
  @Field(() => AuditAudienceName, { defaultValue: AuditAudienceName.PUBLIC }) audience!: AuditAudienceName;
  @Field(() => Int, { defaultValue: 500 }) first!: number;
  @Field(() => Int, { nullable: true, description: 'An entry index: entries after it.' }) after?: number | null;
}

@ArgsType()
export class ReplayArgs {
  @Field(() => ID) id!: string;
  @Field(() => Int, { defaultValue: 0, description: 'The first step (0 = the state after the first engine event).' }) from!: number;
  @Field(() => Int, { defaultValue: 50 }) count!: number;
  @Field({ defaultValue: false, description: 'Every hand at every step: anyone once the match is finished; moderators on a disputed match.' }) full!: boolean;
  @Field(() => String, { nullable: true, description: "One seat's view (its own dice too): its player; anyone once finished; moderators on a disputed match." }) seat?: string | null;
  @Field({ defaultValue: true, description: 'false: each state keeps only the latest revealed round in its history (smaller windows for long matches).' }) history!: boolean;
}
