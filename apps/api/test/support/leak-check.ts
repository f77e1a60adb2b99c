import type { TestView } from './player';

/** Every hand of a finished match, by round then seat, from its final (fully revealed) view. */
export type Hands = ReadonlyMap<number, ReadonlyMap<string, readonly number[]>>;

export function handsOf(finished: TestView): Hands {
  return new Map(finished.history.map((round) => [round.number, new Map(round.hands.map((hand) => [hand.seat, hand.dice]))]));
}

const key = (dice: readonly number[]) => [...dice].sort((a, b) => a - b).join(',');

/** A run of die faces written out in text: `[3, 1, 6]`, `3,1,6`, `3 1 6` (two or more). */
const FACE_RUN = /(?<![\d.])[1-6](?:(?:\s*,\s*|\s+)[1-6]){1,}(?![\d.])/g;

/**
 * Every array of numbers anywhere in a payload, and every run of die faces inside its strings, as sorted
 * multiset keys. Strings that hold JSON (audit data, replay states) are read as JSON too.
 */
export function numberArraysIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => typeof item === 'number')) found.add(key(value as number[]));
    for (const item of value) numberArraysIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) numberArraysIn(item, found);
  } else if (typeof value === 'string') {
    facesInText(value, found);
  }
  return found;
}

function facesInText(text: string, found: Set<string>): void {
  for (const run of text.match(FACE_RUN) ?? []) found.add(key(run.split(/[\s,]+/).map(Number)));
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return;
  try {
    numberArraysIn(JSON.parse(trimmed), found);
  } catch {
    // not JSON after all: its face runs were read above
  }
}

/** One thing a caller received, when, and what it was. */
export interface Received {
  readonly caller: string;
  /** The seat of the caller in this match (null: spectator or anonymous). */
  readonly seat: string | null;
  /** The round in play (unrevealed) after the latest command sent before this was received. */
  readonly hiddenRound: number | null;
  readonly text: string;
}

/**
 * Another seat's hand of a round still hidden when the caller received the payload, found in it as a
 * multiset in any order. A hand equal to one the caller may see anyway (its own this round, any hand of a
 * revealed round) cannot be told apart and is not counted.
 */
export function leaksIn(received: Received, hands: Hands): string[] {
  const hidden = received.hiddenRound === null ? undefined : hands.get(received.hiddenRound);
  if (!hidden || received.hiddenRound === null) return [];
  const visible = visibleTo(received.seat, received.hiddenRound, hands);
  const arrays = numberArraysIn(parsed(received.text));
  const found: string[] = [];
  for (const [seat, dice] of hidden) {
    if (seat === received.seat || visible.has(key(dice))) continue;
    if (arrays.has(key(dice))) found.push(`${received.caller} saw ${seat}'s hidden hand [${dice.join(',')}] of round ${received.hiddenRound}: ${received.text.slice(0, 300)}`);
  }
  return found;
}

/** The hands a caller may see anyway while `round` is hidden: its own, and every hand of earlier rounds. */
function visibleTo(seat: string | null, round: number, hands: Hands): Set<string> {
  const visible = new Set<string>();
  for (const [number, seats] of hands) if (number < round) for (const dice of seats.values()) visible.add(key(dice));
  const own = seat ? hands.get(round)?.get(seat) : undefined;
  if (own) visible.add(key(own));
  return visible;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
