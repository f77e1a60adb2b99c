import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { HistogramBinView, SeatPositionView } from '../distributions';

@ObjectType('FaceBids')
export class FaceBidsView {
  @Field(() => Int) face!: number;
  @Field(() => Int) bids!: number;
}

/** Liar calls on bids whose chance of holding, given nothing but the dice count, fell in [from, to). */
@ObjectType('CallCalibrationBin')
export class CallCalibrationBinView {
  @Field(() => Float) from!: number;
  @Field(() => Float) to!: number;
  @Field(() => Int) calls!: number;
  @Field(() => Int, { description: 'Calls on a bid the table did not back.' }) callersRight!: number;
  @Field(() => Float, { nullable: true, description: 'The mean chance the called bids held, given nothing (libs/game/rules odds).' }) meanChanceHeld!: number | null;
  @Field(() => Float, { nullable: true, description: 'How often the called bids held: set against meanChanceHeld.' }) heldRate!: number | null;
  @Field(() => Float, { nullable: true }) callersRightRate!: number | null;
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
  @Field(() => [FaceBidsView], { description: 'Bids placed on each face, 1 to 6.' }) bidFaces!: FaceBidsView[];
  @Field(() => [CallCalibrationBinView], { description: 'Liar calls by the called bid’s chance of holding given nothing, in tenths.' }) callCalibration!: CallCalibrationBinView[];
  @Field(() => [SeatPositionView], { description: 'Results by place in the first round’s turn order (1 = the match’s starter).' }) seatPositions!: SeatPositionView[];
  @Field(() => [HistogramBinView], { description: 'Finished matches by rounds played.' }) matchRounds!: HistogramBinView[];
  @Field(() => [HistogramBinView], { description: 'Finished matches by minutes from the first roll to the end.' }) matchMinutes!: HistogramBinView[];
  @Field(() => [HistogramBinView], { description: 'Rounds by bids placed.' }) roundBids!: HistogramBinView[];
  @Field(() => [HistogramBinView], { description: 'Rounds by seconds from the roll to the call that ended them (10-second bins).' }) roundSeconds!: HistogramBinView[];
}
