import { Field, ID, InputType, Int } from '@nestjs/graphql';
import type { Difficulty, MatchKind, SeatKind } from '@liars-dice/game-match';
import type { Ruleset } from '@liars-dice/game-rules';
import { DifficultyEnum, MatchKindEnum, RulesetEnum, SeatKindEnum } from '@liars-dice/server-platform';

/** Every command input's `commandId` field: what it is and how a repeat is answered. */
export const COMMAND_ID = {
  description:
    'Your id for this command: 1 to 100 letters, digits, ".", "_", "~" or "-". Sending it again with the same values returns the first ' +
    'result; sending it with other values, as another command or from another account is refused with IDEMPOTENCY_KEY_REUSED.',
};

@InputType({ description: "Only the options to change from the family's preset; an option the family lacks is refused." })
export class MatchOptionsInput {
  @Field(() => Int, { nullable: true }) startingDice?: number;
  @Field({ nullable: true }) wildOnes?: boolean;
  @Field({ nullable: true }) spotOn?: boolean;
  @Field({ nullable: true }) palifico?: boolean;
  @Field(() => Int, { nullable: true }) bullets?: number;
  @Field(() => Int, { nullable: true, description: 'null: no turn timer' }) turnSeconds?: number | null;
}

@InputType()
export class SeatInput {
  @Field(() => SeatKindEnum) kind!: SeatKind;
  @Field(() => DifficultyEnum, { nullable: true, description: 'CPU seats only (refused on a human seat); medium when omitted.' }) difficulty?: Difficulty;
  @Field(() => String, { nullable: true, description: "CPU seats only: the name shown at the table (1–24 letters, digits, spaces, . ' _ -; not one that reads as a player's: NAME_TAKEN); a roster name such as \"B. Pascal\" when omitted." })
  name?: string | null;
}

@InputType()
export class CreateMatchInput {
  @Field(COMMAND_ID) commandId!: string;
  @Field(() => RulesetEnum) ruleset!: Ruleset;
  @Field(() => MatchOptionsInput, { nullable: true }) options?: MatchOptionsInput;
  @Field(() => [SeatInput], { description: 'In seat order; the host takes the first human seat.' }) seats!: SeatInput[];
  @Field({ defaultValue: false }) ranked!: boolean;
  @Field(() => MatchKindEnum, { defaultValue: 'regular' }) kind!: MatchKind;
  @Field(() => Int, {
    nullable: true,
    description:
      "How long (whole seconds) the lobby may sit with nobody joining, leaving or starting it before it expires: 1 up to lobbyIdleTimes.maxSeconds (the server's LOBBY_IDLE_MAX_SECONDS), longer or shorter than the default. Omitted, null or 0: the server's default (LOBBY_IDLE_SECONDS). Not on a tournament table.",
  })
  lobbyIdleSeconds?: number | null;
}

@InputType()
export class MatchCommandInput {
  @Field(() => ID) matchId!: string;
  @Field(COMMAND_ID) commandId!: string;
}

@InputType()
export class JoinMatchInput extends MatchCommandInput {
  @Field(() => String, { nullable: true, description: 'A particular free seat; the first free one when omitted.' }) seat?: string | null;
}

@InputType()
export class PlaceBidInput extends MatchCommandInput {
  @Field(() => Int) quantity!: number;
  @Field(() => Int) face!: number;
}
