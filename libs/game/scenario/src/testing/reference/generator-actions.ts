import { bidError } from './bidding';
import { type Rng } from './random';
import { type Table } from './table';
import { type RefAction } from './types';

/**
 * Choosing the next action for a generated scenario: mostly legal (asked of the model), with a controlled share
 * of candidates aimed at each error code. The model, not this file, decides what each candidate gets.
 */
/** A legal bid near the last one: usually the smallest raise, otherwise a random legal one; null if none. */
function legalBid(table: Table, by: string, rng: Rng): RefAction | null {
  const last = table.lastBid();
  const top = table.diceInPlay();
  const quantities: number[] = [];
  if (last === null) {
    for (let q = 1; q <= Math.min(top, 3 + Math.ceil(top / 3)); q++) quantities.push(q);
  } else {
    quantities.push(Math.ceil(last.quantity / 2), last.quantity, last.quantity + 1, last.quantity + 2, 2 * last.quantity + 1);
  }
  const context = table.bidContext(by);
  const legal = (quantity: number, face: number): RefAction | null =>
    bidError(context, quantity, face) === null ? { by, kind: 'bid', quantity, face } : null;
  if (rng.chance(0.4)) {
    for (let tries = 0; tries < 8; tries++) {
      const bid = legal(rng.pick(quantities), rng.int(1, 6));
      if (bid !== null) return bid;
    }
  }
  // The smallest raise, as cautious players do.
  for (const quantity of [...quantities].sort((a, b) => a - b)) {
    for (let face = 1; face <= 6; face++) {
      const bid = legal(quantity, face);
      if (bid !== null) return bid;
    }
  }
  return null;
}

/** Peeking at the dice now and then makes exact calls (and revolver multi-kills) common enough to test. */
function isExactCall(table: Table, spotOn: RefAction): boolean {
  const last = table.lastBid();
  return last !== null && table.countLastBid() === last.quantity && table.check(spotOn) === null;
}

export function legalAction(table: Table, rng: Rng): RefAction {
  const by = table.toAct as string;
  if (rng.chance(0.025)) return { by, kind: 'timeout' };
  const last = table.lastBid();
  const spotOn: RefAction = { by, kind: 'spot-on' };
  if (isExactCall(table, spotOn) && rng.chance(0.5)) return spotOn;
  const pressure = last === null ? 0 : (2.2 * last.quantity) / table.diceInPlay();
  const bid = last !== null && rng.chance(Math.min(0.9, Math.max(0.08, pressure))) ? null : legalBid(table, by, rng);
  if (last !== null && bid === null) {
    return rng.chance(0.3) && table.check(spotOn) === null ? spotOn : { by, kind: 'liar' };
  }
  return bid ?? { by, kind: 'timeout' };
}

type Aim = (table: Table, rng: Rng, by: string) => RefAction;

const anyKind = (rng: Rng, by: string): RefAction =>
  rng.pick<RefAction>([
    { by, kind: 'bid', quantity: 1, face: rng.int(2, 6) },
    { by, kind: 'liar' },
    { by, kind: 'spot-on' },
    { by, kind: 'timeout' },
  ]);

const AIMS: readonly Aim[] = [
  // UNKNOWN_PLAYER
  (_t, rng) => anyKind(rng, rng.pick(['zed', 'ANN', ''])),
  // NOT_YOUR_TURN, by someone in or out
  (t, rng, by) => anyKind(rng, rng.pick(t.scenario.players.filter((p) => p !== by))),
  // INVALID_BID
  (t, rng, by) => {
    const [quantity, face] = rng.pick([[0, 3], [-1, 4], [t.diceInPlay() + 1, 2], [1.5, 5], [2, 0], [2, 7], [2, 2.5]]);
    return { by, kind: 'bid', quantity: quantity as number, face: face as number };
  },
  // ONES_NOT_ALLOWED (opening or revolver with wild 1s) or BID_TOO_LOW on 1s
  (t, rng, by) => ({ by, kind: 'bid', quantity: Math.max(1, (t.lastBid()?.quantity ?? 2) + rng.int(-2, 1)), face: 1 }),
  // FACE_LOCKED in a palifico round, otherwise some face change
  (t, rng, by) => ({ by, kind: 'bid', quantity: (t.lastBid()?.quantity ?? 1) + rng.int(0, 1), face: rng.int(1, 6) }),
  // BID_TOO_LOW
  (t, rng, by) => {
    const last = t.lastBid();
    return { by, kind: 'bid', quantity: Math.max(1, (last?.quantity ?? 2) - rng.int(0, 1)), face: rng.int(1, last?.face ?? 6) };
  },
  // NO_BID and SPOT_ON_DISABLED
  (_t, rng, by) => ({ by, kind: rng.pick(['liar', 'spot-on'] as const) }),
  (_t, _rng, by) => ({ by, kind: 'spot-on' }),
];

export function aimedAction(table: Table, rng: Rng): RefAction {
  const by = table.toAct ?? rng.pick(table.scenario.players);
  return rng.pick(AIMS)(table, rng, by);
}
