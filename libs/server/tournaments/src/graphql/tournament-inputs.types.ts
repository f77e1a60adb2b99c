import { Field, ID, InputType, Int } from '@nestjs/graphql';
import type { Difficulty } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import type { Format, TournamentStatus } from '@liars-dice/game-tournament';
import { DifficultyEnum, RulesetEnum } from '@liars-dice/server-platform';
import { COMMAND_ID, MatchOptionsInput } from '@liars-dice/server-matches';
import { TournamentFormatEnum, TournamentStatusEnum } from './tournament.types';

@InputType({
  description: 'Every setting is checked on its own; a refusal names the field (docs/tournaments.md).',
})
export class CreateTournamentInput {
  @Field(COMMAND_ID) commandId!: string;
  @Field() name!: string;
  @Field(() => RulesetEnum) family!: Ruleset;
  @Field(() => MatchOptionsInput, {
    nullable: true,
    description: 'As for a match; a turn timer is required (60 s when the family has none).',
  })
  options?: MatchOptionsInput;
  @Field({ defaultValue: false }) ranked!: boolean;
  @Field(() => Int) capacity!: number;
  @Field(() => Int, { description: '2–6.' }) minTableSize!: number;
  @Field(() => Int, { description: '2–6, at least minTableSize.' }) maxTableSize!: number;
  @Field(() => TournamentFormatEnum) format!: Format;
  @Field(() => Int, { nullable: true, description: 'Swiss: rounds before the final table (1–20).' })
  swissRounds?: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Swiss: the final table’s size (2 to maxTableSize; maxTableSize when omitted).',
  })
  finalTableSize?: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Knockout: how many of each table go through (1 to minTableSize − 1).',
  })
  advancePerTable?: number | null;
  @Field(() => String, { nullable: true, description: 'ISO-8601; now when omitted.' }) registrationOpensAt?:
    string | null;
  @Field({ description: 'ISO-8601, at or before startsAt.' }) registrationClosesAt!: string;
  @Field({ description: 'ISO-8601.' }) startsAt!: string;
  @Field(() => Int, {
    defaultValue: 0,
    description: 'Check-in opens this many minutes before the start (0: none asked).',
  })
  checkInMinutes!: number;
  @Field(() => Int, {
    defaultValue: 0,
    description: 'Swiss: late registration until this round is seated (0: none).',
  })
  lateRegistrationUntilRound!: number;
  @Field({ defaultValue: false, description: 'Publish every seating as soon as it is drawn.' })
  autoPublish!: boolean;
}

@InputType()
export class TournamentCommandInput {
  @Field(() => ID) tournamentId!: string;
  @Field(COMMAND_ID) commandId!: string;
}

@InputType({ description: 'A CPU player (unranked tournaments only; the organiser enters it).' })
export class CpuEntrantInput {
  @Field({ description: "1–24 letters, digits, spaces, . ' _ -; not one that reads as a player's (NAME_TAKEN)" }) name!: string;
  @Field(() => DifficultyEnum, { defaultValue: 'medium' }) difficulty!: Difficulty;
}

@InputType()
export class RegisterForTournamentInput extends TournamentCommandInput {
  @Field(() => CpuEntrantInput, {
    nullable: true,
    description: 'Enter a CPU player instead of yourself (organiser).',
  })
  cpu?: CpuEntrantInput | null;
}

@InputType()
export class EntrantCommandInput extends TournamentCommandInput {
  @Field(() => ID, { nullable: true, description: 'Another player (organiser); yourself when omitted.' })
  player?: string | null;
}

@InputType()
export class PublishSeatingInput extends TournamentCommandInput {
  @Field(() => Int) round!: number;
}

@InputType()
export class ReasonedTournamentInput extends TournamentCommandInput {
  @Field({ description: '1–500 characters.' }) reason!: string;
}

@InputType()
export class DisqualifyInput extends ReasonedTournamentInput {
  @Field(() => ID) player!: string;
  @Field(() => ID, { nullable: true, description: "The moderation sanction this carries out (a moderator's, recorded with it)." })
  sanctionId?: string | null;
}

@InputType('TournamentFilter', { description: 'Every field given must hold (AND).' })
export class TournamentFilterInput {
  @Field(() => TournamentStatusEnum, { nullable: true }) status?: TournamentStatus | null;
  @Field(() => RulesetEnum, { nullable: true }) family?: Ruleset | null;
  @Field(() => TournamentFormatEnum, { nullable: true }) format?: Format | null;
  @Field(() => Boolean, { nullable: true }) ranked?: boolean | null;
  @Field(() => ID, { nullable: true, description: 'Tournaments this account organises.' }) organiser?:
    string | null;
  @Field(() => ID, { nullable: true, description: 'Tournaments this account registered for (those it left before the start too).' }) player?:
    string | null;
}
