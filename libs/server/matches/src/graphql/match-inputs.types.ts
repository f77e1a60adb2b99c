import { Field, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';

export enum RulesetName {
  CLASSIC = 'classic',
  PERUDO = 'perudo',
  REVOLVER = 'revolver',
}
export enum SeatKindName {
  HUMAN = 'human',
  CPU = 'cpu',
}
export enum DifficultyName {
  EASY = 'easy',
  MEDIUM = 'medium',
  HARD = 'hard',
  EXPERT = 'expert',
}
export enum MatchKindName {
  REGULAR = 'regular',
  PRACTICE = 'practice',
  TUTORIAL = 'tutorial',
}
export enum MatchStatusFilter {
  LOBBY = 'lobby',
  PLAYING = 'playing',
  FINISHED = 'finished',
}
registerEnumType(RulesetName, { name: 'Ruleset' });
registerEnumType(SeatKindName, { name: 'SeatKind' });
registerEnumType(DifficultyName, { name: 'Difficulty' });
registerEnumType(MatchKindName, { name: 'MatchKind' });
registerEnumType(MatchStatusFilter, { name: 'MatchStatusFilter' });

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
  @Field(() => SeatKindName) kind!: SeatKindName;
  @Field(() => DifficultyName, { nullable: true, description: 'CPU seats; medium when omitted.' }) difficulty?: DifficultyName;
}

@InputType()
export class CreateMatchInput {
  @Field({ description: 'Unique per command: sending the same id again returns the first result.' }) commandId!: string;
  @Field(() => RulesetName) ruleset!: RulesetName;
  @Field(() => MatchOptionsInput, { nullable: true }) options?: MatchOptionsInput;
  @Field(() => [SeatInput], { description: 'In seat order; the host takes the first human seat.' }) seats!: SeatInput[];
  @Field({ defaultValue: false }) ranked!: boolean;
  @Field(() => MatchKindName, { defaultValue: MatchKindName.REGULAR }) kind!: MatchKindName;
}

@InputType()
export class MatchCommandInput {
  @Field(() => ID) matchId!: string;
  @Field({ description: 'Unique per command: sending the same id again returns the first result.' }) commandId!: string;
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

@InputType()
export class MatchFilter {
  @Field(() => MatchStatusFilter, { nullable: true }) status?: MatchStatusFilter;
  @Field(() => RulesetName, { nullable: true }) ruleset?: RulesetName;
  @Field({ nullable: true, description: 'Only matches with a free human seat.' }) open?: boolean;
  @Field({ nullable: true, description: "Only the caller's matches." }) mine?: boolean;
}
