import type { Strategy } from '@liars-dice/game-bots';
import { softestBids } from '@liars-dice/game-collusion';
import { type PlayerId, wildActive } from '@liars-dice/game-rules';

/**
 * A planted colluder: plays `inner` except when the bid to answer is its partner's. Then it never calls
 * (no liar, no spot-on) and raises by the minimum, on the face it holds most of — the soft play a pair
 * agreeing to spare each other would show. With no raise left it has to call, as anyone would.
 */
export function colluding(partner: PlayerId, inner: Strategy): Strategy {
  return (view, legal, rng) => {
    const last = view.round?.bids.at(-1);
    if (!view.round || !last || last.by !== partner) return inner(view, legal, rng);
    const wild = wildActive(view.options, view.round);
    const soft = softestBids(legal, wild);
    let best = soft[0];
    let held = -1;
    for (const bid of soft) {
      const count = view.myDice.filter((die) => die === bid.face || (wild && bid.face !== 1 && die === 1)).length;
      if (count > held) [best, held] = [bid, count];
    }
    return best ?? inner(view, legal, rng);
  };
}
