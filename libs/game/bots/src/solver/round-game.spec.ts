import type { Action, Face } from '@liars-dice/game-rules';
import { createRng } from '../rng';
import { legalNow, playRound } from '../testing/engine-round';
import { roundSpec } from './heads-up';
import { PALIFICO, SOLVED_RULES, SOLVED_SPLITS } from './plan';
import { LIAR, RoundGame, SPOT_ON, type RoundRules } from './round-game';
import { familyOf, legalAt } from './round-views';

const RULES: readonly RoundRules[] = [...SOLVED_RULES, PALIFICO];
const WALKS = 60;

function lastOfRound(state: ReturnType<typeof playRound>) {
  if (state.status === 'bidding' || state.status === 'none') return null;
  return state.history.at(-1)?.end ?? ('round' in state ? state.round?.end : null) ?? null;
}

/** The engine's verdict as seat 0's payoff: 0 if it lost, 1 if seat 1 lost, a correct spot-on by seat 1 as 1 − its worth. */
function verdictForSeat0(end: { call: string; losers: readonly string[] } | null, exactForSeat1: number): number {
  if (!end) return Number.NaN;
  if (end.losers.includes('s0')) return 0;
  if (end.losers.includes('s1')) return 1;
  return end.call === 'spot-on' ? 1 - exactForSeat1 : Number.NaN;
}

describe.each(RULES.flatMap((rules) => SOLVED_SPLITS.map((dice) => [rules, dice] as const)))('the round game for %j at %j', (rules, dice) => {
  const game = new RoundGame(roundSpec(rules, dice, 5));

  it('given any claim or hand, then its index by lookup is the one a scan finds (docs/adr/0033)', () => {
    for (let quantity = 0; quantity <= game.total + 1; quantity++) {
      for (let face = 0; face <= 7; face++) expect(game.claimIndex(quantity, face)).toBe(game.claims.findIndex((c) => c.quantity === quantity && c.face === face));
    }
    for (const seat of [0, 1] as const) {
      game.hands[seat].forEach((hand, i) => expect(game.handIndex(seat, [...hand.dice].reverse())).toBe(i));
      expect(game.handIndex(seat, [7 as Face])).toBe(-1);
    }
  });
  const family = familyOf(game);
  const round = (hands: readonly [readonly number[], readonly number[]]) => ({
    ruleset: family.ruleset,
    options: { wildOnes: family.options.wildOnes, ...(family.ruleset === 'perudo' ? { spotOn: family.options.spotOn, palifico: true } : {}) },
    palifico: family.palifico,
    hands,
  });

  it('given random biddings, when compared with the engine, then the legal actions are the engine’s, in its order', () => {
    const rng = createRng(`legal|${JSON.stringify(rules)}|${dice}`);
    for (let walk = 0; walk < WALKS; walk++) {
      const hands = [0, 1].map((s) => game.hands[s as 0 | 1][rng.int(game.hands[s as 0 | 1].length)]?.dice ?? []) as [Face[], Face[]];
      const claims: number[] = [];
      const played: Action[] = [];
      for (;;) {
        const { legal } = legalAt(game, claims);
        expect(legal).toEqual(legalNow(playRound(round(hands), played)));
        const bids = legal.filter((a) => a.type === 'bid');
        if (bids.length === 0 || (claims.length > 0 && rng.next() < 0.3)) break;
        const bid = bids[rng.int(Math.min(bids.length, 6))] as Extract<Action, { type: 'bid' }>;
        played.push(bid);
        claims.push(game.claims.findIndex((c) => c.quantity === bid.quantity && c.face === bid.face));
      }
    }
  });

  it('given random hands, claims and calls, when the engine resolves them, then the payoff is the engine’s verdict', () => {
    const rng = createRng(`payoff|${JSON.stringify(rules)}|${dice}`);
    for (let trial = 0; trial < WALKS; trial++) {
      const h = [rng.int(game.hands[0].length), rng.int(game.hands[1].length)] as const;
      const hands = [game.hands[0][h[0]]?.dice ?? [], game.hands[1][h[1]]?.dice ?? []] as const;
      // One opening claim by seat 0, then seat 1 calls.
      const opening = game.bidsAfter(0, -1);
      const claim = opening[rng.int(opening.length)] as number;
      const call = rules.spotOn && rng.next() < 0.5 ? SPOT_ON : LIAR;
      const bid = { type: 'bid', ...game.claims[claim]! } as const;
      const end = lastOfRound(playRound(round(hands), [bid, { type: call === LIAR ? 'liar' : 'spot-on' }]));
      expect(game.payoff(call, 1, claim, h)).toBeCloseTo(verdictForSeat0(end, game.spec.exact[1]), 12);
    }
  });
});
