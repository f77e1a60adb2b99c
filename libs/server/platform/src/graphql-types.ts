import type { Type } from '@nestjs/common';
import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { RULESETS } from '@liars-dice/game-rules';
import { DIFFICULTIES, MATCH_KINDS, MATCH_STATUSES, SEAT_KINDS } from '@liars-dice/game-match';
import type { Page } from './pagination';

/**
 * A GraphQL enum made from one of the domain's const tuples: names in capitals (`perudo` → `PERUDO`), values
 * the domain's own strings, so resolvers pass them through unchanged and the list is written once.
 */
export function enumFrom<T extends string>(values: readonly T[], name: string, description?: string): Record<string, T> {
  const members = Object.fromEntries(values.map((value) => [value.toUpperCase().replace(/-/g, '_'), value])) as Record<string, T>;
  registerEnumType(members, { name, description });
  return members;
}

/** The game's vocabulary as GraphQL enums, registered once for every slice. */
export const RulesetEnum = enumFrom(RULESETS, 'Ruleset', 'A rule family (classic, perudo, revolver).');
export const MatchKindEnum = enumFrom(MATCH_KINDS, 'MatchKind', 'Regular matches count when ranked; practice and tutorial never do.');
export const MatchStatusEnum = enumFrom(MATCH_STATUSES, 'MatchStatus', 'Where a match stands: in its lobby, in play, finished, or closed (a lobby everyone left before it started).');
export const SeatKindEnum = enumFrom(SEAT_KINDS, 'SeatKind');
export const DifficultyEnum = enumFrom(DIFFICULTIES, 'Difficulty', 'A CPU seat’s level.');

/** A page of `node`s as every list returns it (keyset cursor: pass `endCursor` as `after`). */
export function PageOf<T>(node: Type<T>): Type<Page<T>> {
  @ObjectType({ isAbstract: true })
  abstract class PageType implements Page<T> {
    @Field(() => [node]) nodes!: T[];
    @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on an empty page.' }) endCursor!: string | null;
    @Field() hasNextPage!: boolean;
  }
  return PageType as Type<Page<T>>;
}
