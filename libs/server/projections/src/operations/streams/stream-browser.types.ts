import { ArgsType, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { enumFrom } from '@liars-dice/server-platform';
import { STREAM_KINDS, type StreamKind } from './stream-kinds';

export const StreamKindEnum = enumFrom(STREAM_KINDS, 'StreamKind', "The streams an operator browses: a match's, a tournament's, moderation's, the operations log.");

@ObjectType('StreamEvent', { description: 'One stored event as an operator sees it: secrets and unrevealed dice withheld by the server.' })
export class StreamEventView {
  @Field(() => Int, { description: "0-based place in its stream." }) revision!: number;
  @Field({ description: 'Global commit position in the store.' }) position!: string;
  @Field(() => ID) id!: string;
  @Field() type!: string;
  @Field({ description: "ISO-8601: when the store committed it." }) committedAt!: string;
  @Field({ description: 'The metadata as JSON (command id, actor, time, batch, the command and its request).', complexity: 2 }) metadata!: string;
  @Field({ description: 'The data as JSON; a round\'s dice are null until its reveal, sealed seeds are removed.', complexity: 2 }) data!: string;
  @Field(() => [String], { description: 'What was held back: sealedSeed (never leaves the server), dice (a round not revealed yet).' }) withheld!: string[];
  @Field(() => String, { nullable: true, description: "A match's public view after this event as JSON (what a spectator's `match` gave then); null for other streams.", complexity: 5 })
  view!: string | null;
}

@ObjectType('StreamPage')
export class StreamPageView {
  @Field() stream!: string;
  @Field(() => StreamKindEnum) kind!: StreamKind;
  @Field(() => Int, { description: 'Events in the stream.' }) total!: number;
  @Field(() => Int, { description: 'The revision this page starts at.' }) from!: number;
  @Field(() => [StreamEventView]) events!: StreamEventView[];
}

@ObjectType('StreamSummary', { description: 'A stream as the recent list shows it: its latest event.' })
export class StreamSummaryView {
  @Field() stream!: string;
  @Field(() => StreamKindEnum) kind!: StreamKind;
  @Field(() => Int) lastRevision!: number;
  @Field() lastType!: string;
  @Field({ description: 'ISO-8601.' }) lastCommittedAt!: string;
}

@ArgsType()
export class StreamEventsArgs {
  @Field({ description: '`match-<id>`, `tournament-<id>`, `disputes-<match id>`, `sanctions-<account id>` or `operations-log`.' }) stream!: string;
  @Field(() => Int, { defaultValue: 0, description: 'The first revision of the page.' }) from!: number;
  @Field(() => Int, { defaultValue: 20 }) first!: number;
}

@ArgsType()
export class RecentStreamsArgs {
  @Field(() => StreamKindEnum, { nullable: true, description: 'Only streams of this kind (all browsable kinds by default).' }) kind?: StreamKind | null;
  @Field(() => Int, { defaultValue: 20 }) first!: number;
}
