import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { DifficultyEnum } from '@liars-dice/server-platform';

/** How the CPU seats of one level fared against the people at their tables. */
@ObjectType('CpuResults')
export class CpuResultsView {
  @Field({ description: 'A family, or "all".' }) family!: string;
  @Field(() => DifficultyEnum) level!: string;
  @Field(() => Int, { description: 'CPU seats of this level at finished tables with a person.' }) seats!: number;
  @Field(() => Int, { description: 'Of those, the ones that won.' }) wins!: number;
  @Field(() => Float, { nullable: true }) winRate!: number | null;
  @Field(() => Float, { nullable: true, description: 'The win rate a seat would have if every seat were equal (one over the table size, averaged).' }) fairWinRate!: number | null;
  @Field(() => Float, { nullable: true }) averagePlace!: number | null;
  @Field(() => Float, { nullable: true }) averageTableSize!: number | null;
  @Field(() => Int, { description: 'Pairs of one of these CPU seats and one person at the same table.' }) pairs!: number;
  @Field(() => Int, { description: 'Pairs where the CPU placed above the person.' }) ahead!: number;
  @Field(() => Int, { description: 'Pairs where the person placed above the CPU.' }) behind!: number;
  @Field(() => Float, { nullable: true, description: 'ahead over pairs.' }) aheadRate!: number | null;
}
