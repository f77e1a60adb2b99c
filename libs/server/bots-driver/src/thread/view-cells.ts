import type { Bid, PlayerView } from '@liars-dice/game-rules';

/** One cell of a view as it crosses to the CPU-seat thread: a primitive, which a structured clone copies in one go. */
export type ViewCell = string | number | boolean | null;

/** The view a decision needs, less its revealed rounds (they travel as text, parsed once per round: protocol.ts). */
export type ViewWithoutHistory = Omit<PlayerView, 'history'>;

/**
 * Writes a view (without history) as one flat array of primitives, field by field in PlayerView's order; lists
 * as their length, then their items' fields. A flat array is cheaper to write, clone and read back than the
 * view's JSON or nested objects, whose clone walks every key (ADR 0019).
 */
export function encodeView(view: ViewWithoutHistory, into: ViewCell[]): ViewCell[] {
  const { options, round, placements } = view;
  into.push(view.matchId, view.ruleset);
  into.push(options.startingDice, options.wildOnes, options.spotOn, options.palifico, options.bullets, options.turnSeconds);
  into.push(view.status, view.me, view.myDice.length, ...view.myDice);
  into.push(view.players.length);
  for (const seat of view.players) into.push(seat.id, seat.dice, seat.bullets, seat.out);
  if (round === null) into.push(null);
  else {
    into.push(round.number, round.starter, round.palifico, round.bids.length);
    for (const bid of round.bids) into.push(bid.by, bid.quantity, bid.face);
  }
  into.push(view.toAct, view.turnDeadline, view.winner);
  if (placements === null) into.push(null);
  else {
    into.push(placements.length);
    for (const group of placements) into.push(group.length, ...group);
  }
  return into;
}

/** Reads cells in order (`encodeView`'s writes); the casts restore the types encodeView wrote from. */
class Cells {
  private at = 0;

  constructor(private readonly cells: readonly ViewCell[]) {}

  next<T extends ViewCell>(): T {
    return this.cells[this.at++] as T;
  }

  list<T>(item: () => T): T[] {
    const count = this.next<number>();
    const items: T[] = [];
    for (let i = 0; i < count; i++) items.push(item());
    return items;
  }

  get done(): boolean {
    return this.at === this.cells.length;
  }
}

type InPlay = NonNullable<PlayerView['round']>;

function roundOf(cells: Cells): InPlay | null {
  const number = cells.next<number | null>();
  if (number === null) return null;
  const starter = cells.next<string>();
  const palifico = cells.next<boolean>();
  const bids = cells.list((): Bid => ({ by: cells.next(), quantity: cells.next(), face: cells.next() }));
  return { number, starter, palifico, bids };
}

function placementsOf(cells: Cells): PlayerView['placements'] {
  const count = cells.next<number | null>();
  if (count === null) return null;
  const groups: string[][] = [];
  for (let i = 0; i < count; i++) groups.push(cells.list(() => cells.next<string>()));
  return groups;
}

/** The view `encodeView` wrote, equal to the original field for field, in PlayerView's key order (history aside). */
export function decodeView(from: readonly ViewCell[]): ViewWithoutHistory {
  const cells = new Cells(from);
  // Object literals are evaluated in the order written: each field reads the cells encodeView wrote for it.
  const view: ViewWithoutHistory = {
    matchId: cells.next(),
    ruleset: cells.next(),
    options: { startingDice: cells.next(), wildOnes: cells.next(), spotOn: cells.next(), palifico: cells.next(), bullets: cells.next(), turnSeconds: cells.next() },
    status: cells.next(),
    me: cells.next(),
    myDice: cells.list(() => cells.next()),
    players: cells.list(() => ({ id: cells.next(), dice: cells.next(), bullets: cells.next(), out: cells.next() })),
    round: roundOf(cells),
    toAct: cells.next(),
    turnDeadline: cells.next(),
    winner: cells.next(),
    placements: placementsOf(cells),
  };
  if (!cells.done) throw new Error(`a CPU-seat view of ${from.length} cells was not read to its end: encodeView and decodeView disagree`);
  return view;
}
