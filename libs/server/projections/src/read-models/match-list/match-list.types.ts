import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { MatchKind, MatchStatus } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import { enumFrom, MatchKindEnum, MatchStatusEnum, PageOf, RulesetEnum } from '@liars-dice/server-platform';

@InputType('MatchFilter', { description: 'Every field given must hold (AND).' })
export class MatchFilterInput {
  @Field(() => RulesetEnum, { nullable: true }) family?: Ruleset | null;
  @Field(() => MatchStatusEnum, { nullable: true }) status?: MatchStatus | null;
  @Field(() => MatchKindEnum, { nullable: true }) kind?: MatchKind | null;
  @Field(() => Boolean, { nullable: true }) ranked?: boolean | null;
  @Field(() => Boolean, { nullable: true }) disputed?: boolean | null;
  @Field(() => ID, { nullable: true, description: 'An account the match involves: its host, a seated player, or one a CPU took over from.' })
  player?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Only the caller's matches (as `player`); needs a token." }) mine?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Only lobbies with a free human seat.' }) open?: boolean | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened at or after.' }) openedFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened before.' }) openedTo?: string | null;
}

@ObjectType('MatchSummary')
export class MatchSummaryView {
  @Field(() => ID) id!: string;
  @Field(() => RulesetEnum) family!: Ruleset;
  @Field(() => MatchKindEnum) kind!: MatchKind;
  @Field() ranked!: boolean;
  @Field(() => MatchStatusEnum) status!: MatchStatus;
  @Field() disputed!: boolean;
  @Field() voided!: boolean;
  @Field() host!: string;
  @Field(() => [String], { nullable: 'items', description: 'Who plays each seat, in seat order, as shown at the table (as Seat.name); null for a free seat.' })
  players!: (string | null)[];
  @Field(() => Int, { description: 'Human seats still free.' }) freeSeats!: number;
  @Field(() => String, { nullable: true, description: 'The winner’s name ("cpu" for a CPU).' }) winner!: string | null;
  @Field({ description: 'ISO-8601.' }) openedAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
  @Field(() => Int) rounds!: number;
}

@ObjectType('MatchPage')
export class MatchPage extends PageOf(MatchSummaryView) {}

export const MatchListPushEnum = enumFrom(
  ['subscribed', 'changed', 'resync'] as const,
  'MatchListPush',
  'Why a list push came: SUBSCRIBED (the first, once the server listens: read the list now and miss nothing after), CHANGED (`changed` holds every row that changed), RESYNC (more rows changed at once than a push carries, a replica catching up: read the list again).',
);
export type MatchListPush = (typeof MatchListPushEnum)[keyof typeof MatchListPushEnum];

@ObjectType('MatchListUpdate', { description: 'A match list changed: its rows that changed, as they are now.' })
export class MatchListUpdateView {
  @Field(() => MatchListPushEnum) reason!: MatchListPush;
  @Field(() => [MatchSummaryView], {
    description: 'The rows that changed since the previous push and were or are in this list, as they are now; a row that no longer fits the filter has left it. Order: as they changed.',
  })
  changed!: MatchSummaryView[];
}
