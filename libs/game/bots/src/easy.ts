import type { Action, Face, PlayerView } from '@liars-dice/game-rules';
import type { Rng } from './rng';
import { noisyArgmax, normalCdf } from './noise';
import { biddableFaces, countMine, faceChance, type Table, tableOf } from './table';

/**
 * The beginner: reads only the last bid, judges it against a rough expected count (its own dice plus a
 * third or a sixth of the rest) instead of real odds, and wobbles a lot. It bids the face it holds most.
 */
export interface Beginner {
  /** Spread of its misjudgement of a bid, in dice. */
  readonly callNoise: number;
  /** Spread of its whim when picking a face, in dice. */
  readonly faceNoise: number;
  /** How often it raises by one more than it must. */
  readonly jump: number;
}

export const BEGINNER: Beginner = { callNoise: 2, faceNoise: 1.5, jump: 0.25 };

export function easyChoice(view: PlayerView, legal: readonly Action[], rng: Rng, beginner: Beginner = BEGINNER): Action {
  const table = tableOf(view, legal);
  const expected = (face: Face) => countMine(table.myDice, face, table.wild) + table.unseen * faceChance(face, table.wild);
  // Even a beginner never calls a bid its own dice already make true.
  const last = table.last;
  const challengeable = last !== null && table.canLiar && countMine(table.myDice, last.face, table.wild) < last.quantity;
  const call = challengeable ? hunch(table, expected, rng, beginner) : null;
  if (call) return call;
  const bid = favouriteBid(table, expected, rng, beginner);
  if (!bid) return table.canLiar ? { type: 'liar' } : (legal[0] as Action);
  // Its own raise looks too steep to it: it calls instead (only when the last bid is not already sure).
  if (challengeable && bid.quantity > expected(bid.face) + 1.5 + beginner.callNoise * rng.normal()) return { type: 'liar' };
  return bid;
}

/** A gut call on the last bid, judged against a rough expected count; null to go on bidding. */
function hunch(table: Table, expected: (face: Face) => number, rng: Rng, beginner: Beginner): Action | null {
  const last = table.last;
  if (!last) return null;
  const gap = last.quantity - expected(last.face);
  // Nervous with a loaded revolver: it calls a little less when its own bullets are many.
  const nerve = 0.6 + 0.2 * (table.view.players.find((seat) => seat.id === table.me)?.bullets ?? 0);
  if (table.canSpotOn && Math.abs(gap) < 0.4 && rng.next() < 0.15) return { type: 'spot-on' };
  return gap > nerve + beginner.callNoise * rng.normal() ? { type: 'liar' } : null;
}

function favouriteBid(table: Table, expected: (face: Face) => number, rng: Rng, beginner: Beginner): Extract<Action, { type: 'bid' }> | undefined {
  let bestFace: Face | undefined;
  let bestScore = -Infinity;
  for (const face of biddableFaces(table)) {
    const score = countMine(table.myDice, face, table.wild) + beginner.faceNoise * rng.normal() + (face === 1 ? -0.5 : 0) + 0.1 * expected(face);
    if (score > bestScore) [bestFace, bestScore] = [face, score];
  }
  const options = table.bids.filter((bid) => bid.face === bestFace).sort((a, b) => a.quantity - b.quantity);
  // Usually the smallest raise, sometimes one more.
  return options[rng.next() < beginner.jump && options.length > 1 ? 1 : 0];
}

function sameAction(a: Action, b: Action): boolean {
  return a.type === b.type && (a.type !== 'bid' || (b.type === 'bid' && a.quantity === b.quantity && a.face === b.face));
}

/** The exact chance that `easyChoice` takes each legal action (in legal order): the same steps, as probabilities. */
export function easyPolicy(view: PlayerView, legal: readonly Action[], beginner: Beginner = BEGINNER): number[] {
  const table = tableOf(view, legal);
  const expected = (face: Face) => countMine(table.myDice, face, table.wild) + table.unseen * faceChance(face, table.wild);
  const out = new Array<number>(legal.length).fill(0);
  const add = (action: Action, p: number) => {
    const at = legal.findIndex((candidate) => sameAction(candidate, action));
    out[at] = (out[at] as number) + p;
  };
  const last = table.last;
  const challengeable = last !== null && table.canLiar && countMine(table.myDice, last.face, table.wild) < last.quantity;
  let open = 1;
  if (challengeable) {
    const gap = last.quantity - expected(last.face);
    const nerve = 0.6 + 0.2 * (table.view.players.find((seat) => seat.id === table.me)?.bullets ?? 0);
    if (table.canSpotOn && Math.abs(gap) < 0.4) {
      add({ type: 'spot-on' }, open * 0.15);
      open *= 0.85;
    }
    const call = normalCdf((gap - nerve) / beginner.callNoise);
    add({ type: 'liar' }, open * call);
    open *= 1 - call;
  }
  const faces = biddableFaces(table);
  if (faces.length === 0) return (add(table.canLiar ? { type: 'liar' } : (legal[0] as Action), open), out);
  const appeal = faces.map((face) => countMine(table.myDice, face, table.wild) + (face === 1 ? -0.5 : 0) + 0.1 * expected(face));
  noisyArgmax(appeal, beginner.faceNoise).forEach((pFace, f) => {
    const options = table.bids.filter((bid) => bid.face === faces[f]).sort((a, b) => a.quantity - b.quantity);
    const jump = options.length > 1 ? beginner.jump : 0;
    [options[0], options[1]].forEach((bid, k) => {
      const p = open * pFace * (k === 0 ? 1 - jump : jump);
      if (!bid || p === 0) return;
      // Its own raise looks too steep to it: it calls instead.
      const steep = challengeable ? normalCdf((bid.quantity - expected(bid.face) - 1.5) / beginner.callNoise) : 0;
      add({ type: 'liar' }, p * steep);
      add(bid, p * (1 - steep));
    });
  });
  return out;
}
