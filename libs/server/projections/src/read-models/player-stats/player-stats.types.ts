import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { SeatPositionView } from '../distributions';

@ObjectType('PlaceCount')
export class PlaceCountView {
  @Field(() => Int) place!: number;
  @Field(() => Int) count!: number;
}

/** How often a player finished in each place at tables of one size. */
@ObjectType('PlacementsAtSize')
export class PlacementsAtSizeView {
  @Field(() => Int) tableSize!: number;
  @Field(() => Int) matches!: number;
  @Field(() => [PlaceCountView], { description: '1st, 2nd, … up to the table size, each with how often.' }) places!: PlaceCountView[];
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
  @Field(() => Int, { description: 'Bluffs (bids none of the bidder’s own dice backed) a liar call was made on; counted at the reveal.' }) bluffsChallenged!: number;
  @Field(() => Int, { description: 'Of those, the ones the table did not back: the caller was right.' }) bluffsCaught!: number;
  @Field(() => Float, { nullable: true, description: 'bluffsCaught over bluffsChallenged.' }) bluffCaughtRate!: number | null;
  @Field(() => [PlacementsAtSizeView], { description: 'Placements per table size.' }) placementsBySize!: PlacementsAtSizeView[];
  @Field(() => [SeatPositionView], { description: 'Results by the player’s place in the first round’s turn order (1 = opened the match).' }) seatPositions!: SeatPositionView[];
}
