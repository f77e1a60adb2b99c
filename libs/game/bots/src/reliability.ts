import { FACES, type PlayerId, type PlayerView } from '@liars-dice/game-rules';
import { countMine } from './table';

const PRIOR_BIDS = 6;

/**
 * Each opponent's bluff rate, learnt from the revealed rounds: the share of their bids on a face that was
 * not among the faces they held most of. An honest bidder's bids then read as strong evidence, a habitual
 * bluffer's as weak. `prior` is assumed until the history says otherwise.
 */
export function bluffRatesFromHistory(view: PlayerView, prior: number): ReadonlyMap<PlayerId, number> {
  // Every decision of a round reads the same history array (the engine's, or the CPU-seat thread's parsed copy):
  // its rates are computed once per seat and prior (docs/adr/0033). A history is never written into once built.
  let byReader = learnt.get(view.history);
  if (byReader === undefined) learnt.set(view.history, (byReader = new Map()));
  const key = `${view.me ?? ''}|${view.options.wildOnes ? 1 : 0}|${prior}`;
  let rates = byReader.get(key);
  if (rates === undefined) byReader.set(key, (rates = computeBluffRates(view, prior)));
  return rates;
}

/** Rates learnt per history array, by reader: the array going lets its rates go. */
const learnt = new WeakMap<PlayerView['history'], Map<string, ReadonlyMap<PlayerId, number>>>();

/** `bluffRatesFromHistory` computed afresh (what its cache stands for; tests compare the two). */
export function computeBluffRates(view: PlayerView, prior: number): Map<PlayerId, number> {
  const bids = new Map<PlayerId, number>();
  const off = new Map<PlayerId, number>();
  for (const round of view.history) {
    const wild = view.options.wildOnes && !round.palifico;
    round.bids.forEach((bid, i) => {
      const hand = round.dice[bid.by];
      // A bid that only follows the face before it (forced in palifico) says little about the hand.
      if (!hand || bid.by === view.me || round.bids[i - 1]?.face === bid.face) return;
      const best = Math.max(...FACES.map((face) => (wild && face === 1 ? 2 : 1) * countMine(hand, face, wild)));
      const held = (wild && bid.face === 1 ? 2 : 1) * countMine(hand, bid.face, wild);
      bids.set(bid.by, (bids.get(bid.by) ?? 0) + 1);
      if (held < best) off.set(bid.by, (off.get(bid.by) ?? 0) + 1);
    });
  }
  const rates = new Map<PlayerId, number>();
  for (const [player, n] of bids) {
    const rate = ((off.get(player) ?? 0) + prior * PRIOR_BIDS) / (n + PRIOR_BIDS);
    rates.set(player, Math.min(0.8, Math.max(0.02, rate)));
  }
  return rates;
}
