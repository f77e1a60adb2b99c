import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type { Difficulty, SeatKind } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import {
  type Format,
  FORMATS,
  PLAYER_STATUSES,
  type PlayerStatus,
  RESULT_OUTCOMES,
  type ResultOutcome,
  type RoundStatus,
  type Stage,
  STAGES,
  TIE_BREAKS,
  type TieBreak,
  type TournamentStatus,
  VOID_RULES,
  type VoidRule,
} from '@liars-dice/game-tournament';
import { DifficultyEnum, enumFrom, PageOf, RulesetEnum, SeatKindEnum } from '@liars-dice/server-platform';
import { DiscrepancyView, MatchOptionsView } from '@liars-dice/server-matches';

export const TournamentFormatEnum = enumFrom(
  FORMATS,
  'TournamentFormat',
  'Swiss rounds then a final table, or knockout tables (docs/tournaments.md).',
);
export const TournamentStatusEnum = enumFrom<TournamentStatus>(
  ['registration', 'running', 'finished', 'cancelled'],
  'TournamentStatus',
);
export const TournamentStageEnum = enumFrom(STAGES, 'TournamentStage');
export const EntrantStatusEnum = enumFrom(
  PLAYER_STATUSES,
  'EntrantStatus',
  'Where a tournament player stands.',
);
export const TieBreakEnum = enumFrom(
  TIE_BREAKS,
  'TieBreak',
  'The criteria of the standings, in the order they apply.',
);
export const RoundStatusEnum = enumFrom<RoundStatus>(
  ['drafted', 'published', 'completed'],
  'TournamentRoundStatus',
);
export const TableStatusEnum = enumFrom(
  ['seated', 'playing', 'finished', 'voided'] as const,
  'TournamentTableStatus',
);
export const ResultOutcomeEnum = enumFrom(
  RESULT_OUTCOMES,
  'TableResultOutcome',
  'How a seat’s result counts: played, or forfeited (0 points).',
);
export const VoidRuleEnum = enumFrom(VOID_RULES, 'VoidRule');

@ObjectType('Entrant', { description: 'A tournament player.' })
export class EntrantView {
  @Field(() => ID, { description: 'The account id (a generated id for a CPU player).' }) id!: string;
  @Field() name!: string;
  @Field(() => SeatKindEnum) kind!: SeatKind;
  @Field(() => DifficultyEnum, { nullable: true }) difficulty!: Difficulty | null;
  @Field(() => EntrantStatusEnum) status!: PlayerStatus;
  @Field() checkedIn!: boolean;
  @Field({ description: 'Registered after the start.' }) late!: boolean;
  @Field(() => Int) firstRound!: number;
  @Field(() => Int, {
    nullable: true,
    description:
      'The round in which the player left, went out or was disqualified (null while in, or for one who left between rounds); 0: left before the start (withdrew, or did not check in), so never in the field.',
  })
  leftInRound!: number | null;
  @Field(() => Float, {
    description: 'The draw, the last tie-break (the lower ranks higher), derived from the committed seed.',
  })
  lot!: number;
}

@ObjectType('TableResult')
export class TableResultView {
  @Field(() => ID) player!: string;
  @Field(() => Int) place!: number;
  @Field(() => Int) points!: number;
  @Field(() => ResultOutcomeEnum) outcome!: ResultOutcome;
}

@ObjectType('TournamentTable')
export class TournamentTableView {
  @Field(() => Int) table!: number;
  @Field(() => [EntrantView], { description: 'In seat order (seat s1 first).' }) players!: EntrantView[];
  @Field(() => TableStatusEnum) status!: string;
  @Field(() => ID, { nullable: true, description: 'The match played at this table (see `match`).' })
  matchId!: string | null;
  @Field(() => [TableResultView], { nullable: true }) results!: TableResultView[] | null;
  @Field(() => VoidRuleEnum, { nullable: true }) voided!: VoidRule | null;
  @Field(() => [ID], { description: 'Matches of this table voided and replayed.' }) replayed!: string[];
}

@ObjectType('TournamentRound')
export class TournamentRoundView {
  @Field(() => ID) tournamentId!: string;
  @Field(() => Int) round!: number;
  @Field(() => TournamentStageEnum) stage!: Stage;
  @Field(() => RoundStatusEnum, {
    description: 'A draft is shown to its organiser (and staff) only, until published.',
  })
  status!: RoundStatus;
  @Field(() => [TournamentTableView]) tables!: TournamentTableView[];
  @Field(() => [ID], { description: 'Knockout: who went through.' }) advancing!: string[];
}

@ObjectType('StandingTable', {
  description: 'One table in a standing: where the player finished and what it was worth.',
})
export class StandingTableView {
  @Field(() => Int) round!: number;
  @Field(() => Int) table!: number;
  @Field(() => TournamentStageEnum) stage!: Stage;
  @Field(() => Int) place!: number;
  @Field(() => Int) size!: number;
  @Field(() => Int) points!: number;
  @Field(() => ResultOutcomeEnum) outcome!: ResultOutcome;
  @Field({ description: 'False for a table voided with its points removed.' }) counted!: boolean;
}

@ObjectType('Standing')
export class StandingView {
  @Field(() => Int) rank!: number;
  @Field(() => ID) player!: string;
  @Field() name!: string;
  @Field(() => SeatKindEnum) kind!: SeatKind;
  @Field(() => EntrantStatusEnum) status!: PlayerStatus;
  @Field(() => Int) points!: number;
  @Field(() => [StandingTableView]) tables!: StandingTableView[];
  @Field(() => Float) opponentsAverage!: number;
  @Field(() => Int) opponentsMet!: number;
  @Field(() => Int, {
    description: 'Net placement wins against the players level on every earlier criterion.',
  })
  headToHead!: number;
  @Field(() => Float) lot!: number;
  @Field(() => Int, { nullable: true }) finalPlace!: number | null;
  @Field(() => Int) reachedRound!: number;
  @Field(() => TieBreakEnum, {
    nullable: true,
    description: 'What puts this player above the next one down; null for the last.',
  })
  decidedBy!: TieBreak | null;
  @Field(() => ID, { nullable: true }) comparedWith!: string | null;
  @Field({ description: 'How the standing was computed, in words.' }) explanation!: string;
}

@ObjectType('TournamentSummary')
export class TournamentSummaryView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() organiser!: string;
  @Field(() => RulesetEnum) family!: Ruleset;
  @Field(() => TournamentFormatEnum) format!: Format;
  @Field() ranked!: boolean;
  @Field(() => TournamentStatusEnum) status!: TournamentStatus;
  @Field(() => Int) capacity!: number;
  @Field(() => Int, { description: 'Players entered (registered, or still in).' }) entrants!: number;
  @Field({ description: 'ISO-8601.' }) startsAt!: string;
  @Field(() => Int, { nullable: true }) currentRound!: number | null;
  @Field(() => String, { nullable: true, description: 'The winner’s name, once finished.' }) winner!:
    string | null;
}

export const TournamentListPushEnum = enumFrom(
  ['subscribed', 'changed'] as const,
  'TournamentListPush',
  'Why a tournaments-list push came: SUBSCRIBED (the first, once the server listens: read the list now and miss nothing after), CHANGED (`tournament` is the row that changed, as it is now).',
);
export type TournamentListPush = (typeof TournamentListPushEnum)[keyof typeof TournamentListPushEnum];

@ObjectType('TournamentListUpdate', { description: 'The tournaments list: listening now, or one of its rows changed.' })
export class TournamentListUpdateView {
  @Field(() => TournamentListPushEnum) reason!: TournamentListPush;
  @Field(() => TournamentSummaryView, { nullable: true, description: 'CHANGED: the row that changed, as it is now; null for SUBSCRIBED.' })
  tournament!: TournamentSummaryView | null;
}

@ObjectType('Tournament')
export class TournamentView extends TournamentSummaryView {
  @Field(() => ID) organiserId!: string;
  @Field(() => MatchOptionsView) options!: MatchOptionsView;
  @Field(() => Int) minTableSize!: number;
  @Field(() => Int) maxTableSize!: number;
  @Field(() => Int, { description: 'Swiss rounds before the final table (0 for a knockout).' })
  swissRounds!: number;
  @Field(() => Int) finalTableSize!: number;
  @Field(() => Int, { description: 'Knockout: how many of each table go through (0 for swiss).' })
  advancePerTable!: number;
  @Field({ description: 'ISO-8601.' }) registrationOpensAt!: string;
  @Field({ description: 'ISO-8601.' }) registrationClosesAt!: string;
  @Field({ description: 'ISO-8601; equal to startsAt when no check-in is asked.' }) checkInOpensAt!: string;
  @Field(() => Int) checkInMinutes!: number;
  @Field(() => Int) lateRegistrationUntilRound!: number;
  @Field() autoPublish!: boolean;
  @Field({ description: 'ISO-8601.' }) createdAt!: string;
  @Field(() => String, { nullable: true }) startedAt!: string | null;
  @Field(() => String, { nullable: true }) endedAt!: string | null;
  @Field({ description: 'SHA-256 of the secret seed every lot and seating is drawn from.' })
  fairnessCommitment!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The seed, revealed when the tournament ends: `npm run verify -- tournament <id>`.',
  })
  seed!: string | null;
  @Field(() => [EntrantView], {
    description: 'In registration order, with those who left before the start (WITHDRAWN or NO_SHOW, leftInRound 0): every published lot stays on view.',
  })
  players!: EntrantView[];
  @Field(() => EntrantView, { nullable: true, description: 'The caller’s own entry, if any (one withdrawn before the start too).' })
  me!: EntrantView | null;
  @Field(() => [TournamentRoundView], {
    description: 'Every round so far; a draft only for its organiser and staff.',
  })
  rounds!: TournamentRoundView[];
  @Field({ description: 'The stream revision this view was built at: views only ever move forward.' })
  revision!: string;
}

@ObjectType('TournamentPage')
export class TournamentPage extends PageOf(TournamentSummaryView) {}

@ObjectType('TableMatchVerification')
export class TableMatchVerificationView {
  @Field(() => ID) matchId!: string;
  @Field() verified!: boolean;
  @Field(() => Int) rollsChecked!: number;
  @Field(() => Int) shotsChecked!: number;
  @Field(() => [DiscrepancyView]) discrepancies!: DiscrepancyView[];
  @Field(() => String, {
    nullable: true,
    description: 'Why it was not checked (not in the store, not finished); null when it was.',
  })
  problem!: string | null;
}

@ObjectType('TournamentVerification', {
  description: 'Every lot, seating and table match recomputed from the revealed seed.',
})
export class TournamentVerificationView {
  @Field(() => ID) tournamentId!: string;
  @Field({ description: 'Every lot, seating and finished table match verified.' }) verified!: boolean;
  @Field() commitmentMatches!: boolean;
  @Field(() => Int) lotsChecked!: number;
  @Field(() => Int) seatingsChecked!: number;
  @Field(() => [DiscrepancyView], {
    description: 'In the tournament’s own stream (lots, seatings); `event` is its index there.',
  })
  discrepancies!: DiscrepancyView[];
  @Field(() => [TableMatchVerificationView]) matches!: TableMatchVerificationView[];
  @Field() seed!: string;
  @Field() commitment!: string;
}
