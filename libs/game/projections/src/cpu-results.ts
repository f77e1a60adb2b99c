import { DEFAULT_DIFFICULTY, type SeatState } from '@liars-dice/game-match';
import { ALL, type CounterDelta } from './counters';
import type { MatchFacts } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/**
 * The counters a CPU level's row holds: its seats at tables with people, their wins, the share of wins an equal
 * seat would expect (in millionths: one over the table size), and each (CPU seat, person) pair by who placed higher.
 */
export const CPU_RESULT_FIELDS = ['seats', 'wins', 'fairWins', 'placeSum', 'tableSizeSum', 'pairs', 'ahead', 'behind'] as const;
export type CpuResultField = (typeof CPU_RESULT_FIELDS)[number];

/** A seat opened for a CPU (not one a CPU took over from a person who left). */
const cpuFromTheStart = (seat: SeatState) => seat.kind === 'cpu' && seat.previous === null;
/** A seat a person played to the end. */
const personToTheEnd = (seat: SeatState) => seat.kind === 'human' && seat.holder !== null && seat.previous === null;

/**
 * Which matches tell how a CPU level fares against people: finished regular and practice tables (CPUs never sit at
 * ranked ones, rules.md §10, so these are unranked) with a CPU and a person; tutorials are coaching, not contests.
 */
function againstPeople(facts: MatchFacts): boolean {
  return facts.kind !== 'tutorial' && facts.seats.some(cpuFromTheStart) && facts.seats.some(personToTheEnd);
}

function placesOf(groups: readonly (readonly string[])[]): Map<string, number> {
  const places = new Map<string, number>();
  let place = 1;
  for (const group of groups) {
    for (const seat of group) places.set(seat, place);
    place += group.length;
  }
  return places;
}

/**
 * At `MatchFinished` (placements are public then, and only then): rows keyed `[family, level]` and `['all', level]`.
 */
export function cpuResultDeltas(facts: MatchFacts | null, { event }: ProjectedEvent): CounterDelta[] {
  if (!facts || event.type !== 'MatchFinished' || !againstPeople(facts)) return [];
  const places = placesOf(event.data.placements);
  const people = facts.seats.filter(personToTheEnd).map((seat) => places.get(seat.seat) ?? facts.seats.length);
  const size = facts.seats.length;
  const deltas: CounterDelta[] = [];
  for (const seat of facts.seats.filter(cpuFromTheStart)) {
    const place = places.get(seat.seat) ?? size;
    const add = (field: CpuResultField, by: number) => {
      for (const family of [facts.ruleset, ALL]) if (by !== 0) deltas.push({ key: [family, seat.difficulty ?? DEFAULT_DIFFICULTY], field, by });
    };
    add('seats', 1);
    add('wins', place === 1 ? 1 : 0);
    add('fairWins', Math.round(1_000_000 / size));
    add('placeSum', place);
    add('tableSizeSum', size);
    add('pairs', people.length);
    add('ahead', people.filter((p) => place < p).length);
    add('behind', people.filter((p) => p < place).length);
  }
  return deltas;
}
