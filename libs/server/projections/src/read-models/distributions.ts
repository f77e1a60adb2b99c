import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { rate } from '@liars-dice/game-projections';
import { type Counters, n } from './counter-rows';

/** One bar of a histogram: values from `from` up to `to` (exclusive); the last bar has no `to`. */
@ObjectType('HistogramBin')
export class HistogramBinView {
  @Field(() => Int) from!: number;
  @Field(() => Int, { nullable: true, description: 'Exclusive; null for the last bin, which holds everything from `from` up.' }) to!: number | null;
  @Field(() => Int) count!: number;
}

/** Results of the seats at one place of the first round's turn order (1 = the match's starter). */
@ObjectType('SeatPositionResults')
export class SeatPositionView {
  @Field(() => Int, { description: '1 for the seat that opened the match, 2 for the next to act, …' }) position!: number;
  @Field(() => Int) matches!: number;
  @Field(() => Int) wins!: number;
  @Field(() => Float, { nullable: true }) winRate!: number | null;
  @Field(() => Float, { nullable: true }) averagePlace!: number | null;
}

/** The numbers `n` that fields `<prefix>:<n>…` hold, in order. */
export function indexesOf(c: Counters, prefix: string): number[] {
  const found = new Set<number>();
  for (const field of Object.keys(c)) {
    if (!field.startsWith(`${prefix}:`)) continue;
    const value = Number(field.slice(prefix.length + 1).split(':')[0]);
    if (Number.isInteger(value)) found.add(value);
  }
  return [...found].sort((a, b) => a - b);
}

/** `<prefix>:<value>` counters as `width`-wide bins from the lowest value seen to the highest (`last`: open-ended). */
export function histogram(c: Counters, prefix: string, { width, last }: { width: number; last: number }): HistogramBinView[] {
  const values = indexesOf(c, prefix);
  const bins: HistogramBinView[] = [];
  if (values.length === 0) return bins;
  for (let from = values[0] ?? 0; from <= (values.at(-1) ?? 0); from += width) {
    bins.push({ from, to: from >= last ? null : from + width, count: n(c, `${prefix}:${from}`) });
  }
  return bins;
}

/** Seats by their place in the first turn order, each over `matchesAt(position)` matches. */
export function seatPositions(c: Counters, prefix: string, matchesAt: (position: number) => number): SeatPositionView[] {
  return indexesOf(c, prefix).map((position) => {
    const matches = matchesAt(position);
    return {
      position,
      matches,
      wins: n(c, `${prefix}:${position}:wins`),
      winRate: rate(c[`${prefix}:${position}:wins`], matches),
      averagePlace: rate(c[`${prefix}:${position}:placeSum`], matches),
    };
  });
}
