import { ArgsType, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { Difficulty, MatchKind, MatchStatus } from '@liars-dice/game-match';
import { LISTED_SEAT_KINDS, type ListedSeatKind, type MatchListEntry } from '@liars-dice/game-projections';
import type { Ruleset } from '@liars-dice/game-rules';
import { DifficultyEnum, enumFrom, MatchKindEnum, MatchStatusEnum, PageOf, pageSize, RulesetEnum } from '@liars-dice/server-platform';
import { ConsistentArgs } from '../../feed/consistent-reads';
import { RulingActionEnum } from '../moderation.types';

@InputType('MatchFilter', { description: 'Every field given must hold (AND).' })
export class MatchFilterInput {
  @Field(() => RulesetEnum, { nullable: true }) family?: Ruleset | null;
  @Field(() => MatchStatusEnum, { nullable: true }) status?: MatchStatus | null;
  @Field(() => MatchKindEnum, { nullable: true }) kind?: MatchKind | null;
  @Field(() => Boolean, { nullable: true }) ranked?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'A dispute waits for its ruling (false again once it is ruled).' }) disputed?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'A dispute was ever filed on the match, ruled or not.' }) hadDispute?: boolean | null;
  @Field(() => RulingActionEnum, { nullable: true, description: 'The outcome of the latest ruling that took effect on the match (VOID also when an appeal restored it: see `voided`).' })
  ruling?: MatchListEntry['ruling'];
  @Field(() => ID, { nullable: true, description: 'An account the match involves: its host, a seated player, or one a CPU took over from.' })
  player?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Only the caller's matches (as `player`); needs a token." }) mine?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Only lobbies with a free human seat.' }) open?: boolean | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened at or after.' }) openedFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601: opened before.' }) openedTo?: string | null;
}

export const ListedSeatKindEnum = enumFrom(LISTED_SEAT_KINDS, 'ListedSeatKind', 'Who a match list says plays a seat: a person (HUMAN), a CPU, or nobody yet (FREE).');

@ObjectType('ListedSeat', { description: 'One seat of a match list row: who plays it, so a client need not guess from a name.' })
export class ListedSeatView {
  @Field(() => ListedSeatKindEnum, { description: 'CPU also for a seat a CPU took over from the person who left it (`handedToCpu`).' })
  kind!: ListedSeatKind;
  @Field(() => String, {
    nullable: true,
    description: 'HUMAN: the account name. CPU: the name the host gave it, else its roster name (as Seat.name). FREE: null.',
  })
  name!: string | null;
  @Field(() => DifficultyEnum, { nullable: true, description: 'The level of the CPU playing the seat; null for a person or a free seat.' })
  difficulty!: Difficulty | null;
  @Field({ description: 'A CPU took the seat over from the person who left it.' }) handedToCpu!: boolean;
}

@ObjectType('MatchSummary')
export class MatchSummaryView {
  @Field(() => ID) id!: string;
  @Field(() => RulesetEnum) family!: Ruleset;
  @Field(() => MatchKindEnum) kind!: MatchKind;
  @Field() ranked!: boolean;
  @Field(() => MatchStatusEnum) status!: MatchStatus;
  @Field({ description: 'A dispute waits for its ruling.' }) disputed!: boolean;
  @Field({ description: 'A dispute was ever filed on the match, ruled or not.' }) hadDispute!: boolean;
  @Field(() => RulingActionEnum, { nullable: true, description: 'The outcome of the latest ruling that took effect on the match; null before any. An appeal that overturns it leaves it (a restored void reads VOID with `voided` false).' })
  ruling!: MatchListEntry['ruling'];
  @Field({ description: 'The match does not count (a ruling voided it).' }) voided!: boolean;
  @Field() host!: string;
  @Field(() => [String], {
    nullable: 'items',
    description: 'Who plays each seat, in seat order, as shown at the table (as Seat.name); null for a free seat. A name alone may not tell a CPU from a person (a CPU may be named like an account): `seats` says which is which.',
  })
  players!: (string | null)[];
  @Field(() => [ListedSeatView], { description: 'Each seat in seat order (as `players`): whether a person or a CPU plays it or it is free, its name and the CPU’s level.' })
  seats!: ListedSeatView[];
  @Field(() => Int, { description: 'Human seats still free.' }) freeSeats!: number;
  @Field(() => String, { nullable: true, description: 'The winner’s name (a CPU’s as Seat.name; "cpu" in rows stored before CPUs had roster names).' }) winner!: string | null;
  @Field({ description: 'ISO-8601.' }) openedAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
  @Field(() => Int) rounds!: number;
  /**
   * Not a field: while the row is a casual lobby, when the store committed its last event (epoch ms), from which
   * `lobbyExpiresAt` is computed when read (match-summary.resolver.ts).
   */
  idleSince!: number | null;
  /** Not a field: the idle time its host chose (seconds), null when none; the server's setting caps it. */
  lobbyIdleSeconds!: number | null;
}

@ObjectType('MatchPage')
export class MatchPage extends PageOf(MatchSummaryView) {}

@ArgsType()
export class MatchesArgs extends ConsistentArgs {
  @Field(() => MatchFilterInput, { nullable: true }) filter?: MatchFilterInput | null;
  @Field(() => Int, pageSize(20, 100, 'matches')) first!: number;
  @Field(() => String, { nullable: true }) after?: string | null;
}

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
