import type { TestView } from './player';

/** Every hand of a finished match, by round then seat, from its final (fully revealed) view. */
export type Hands = ReadonlyMap<number, ReadonlyMap<string, readonly number[]>>;

export function handsOf(finished: TestView): Hands {
  return new Map(finished.history.map((round) => [round.number, new Map(round.hands.map((hand) => [hand.seat, hand.dice]))]));
}

function isView(value: unknown): value is TestView {
  return typeof value === 'object' && value !== null && 'myDice' in value && 'history' in value && 'round' in value;
}

function* viewsIn(value: unknown): Generator<TestView> {
  if (Array.isArray(value)) for (const item of value) yield* viewsIn(item);
  else if (typeof value === 'object' && value !== null) {
    if (isView(value)) yield value;
    else for (const item of Object.values(value)) yield* viewsIn(item);
  }
}

function* errorsIn(value: unknown): Generator<{ message: string; extensions?: Record<string, unknown> }> {
  if (Array.isArray(value)) for (const item of value) yield* errorsIn(item);
  else if (typeof value === 'object' && value !== null) {
    const errors = (value as { errors?: unknown }).errors;
    if (Array.isArray(errors)) yield* errors as { message: string }[];
    for (const item of Object.values(value)) if (typeof item === 'object') yield* errorsIn(item);
  }
}

/**
 * What one payload gave away that it should not have: a view of a round still in play may hold the viewer's
 * own dice and nothing else; revealed rounds are only ones that ended; errors carry a code and maybe a field.
 */
export function leaksIn(payload: string, matchId: string, hands: Hands): string[] {
  const parsed: unknown = JSON.parse(payload);
  const found: string[] = [];
  for (const view of viewsIn(parsed)) if (view.id === matchId) found.push(...viewLeaks(view, hands));
  for (const error of errorsIn(parsed)) {
    const keys = Object.keys(error.extensions ?? {}).filter((key) => key !== 'code' && key !== 'field');
    if (keys.length > 0) found.push(`error carries ${keys.join(', ')}`);
  }
  return found;
}

function viewLeaks(view: TestView, hands: Hands): string[] {
  const found: string[] = [];
  for (const round of view.history) {
    if (!round.end) found.push(`round ${round.number} shown before it ended`);
    if (view.round && round.number >= view.round.number) found.push(`round ${round.number} revealed while round ${view.round.number} is in play`);
  }
  if (!view.round) return found;
  const own = view.me === null ? [] : (hands.get(view.round.number)?.get(view.me) ?? []);
  if (JSON.stringify(view.myDice) !== JSON.stringify(own)) found.push(`myDice ${JSON.stringify(view.myDice)} is not ${view.me ?? 'spectator'}'s own hand`);
  return found;
}
