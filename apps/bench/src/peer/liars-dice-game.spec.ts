import { holds, isLegalBid, liarsDiceGame, type LiarsDiceState } from './liars-dice-game';

/** A move's context as boardgame.io gives it, with dice from `rolls` and the turn's end recorded. */
function moveContext(G: LiarsDiceState, currentPlayer: string, rolls: number[] = []) {
  const playOrder = Object.keys(G.hands);
  const ended: ({ next: string } | undefined)[] = [];
  const ctx = { numPlayers: playOrder.length, playOrder, playOrderPos: playOrder.indexOf(currentPlayer), currentPlayer };
  const random = { D6: (count: number) => rolls.splice(0, count) };
  return { context: { G, ctx, random, events: { endTurn: (options?: { next: string }) => void ended.push(options) } }, ended };
}

describe("the peer baseline's Liar's Dice (boardgame.io, our classic rules)", () => {
  it.each([
    ['opening on 2–6', true, undefined, { quantity: 1, face: 2 }],
    ['opening on 1s (wild 1s are on)', false, undefined, { quantity: 1, face: 1 }],
    ['more of the same face', true, { quantity: 3, face: 4 }, { quantity: 4, face: 4 }],
    ['as many of a higher face', true, { quantity: 3, face: 4 }, { quantity: 3, face: 5 }],
    ['as many of a lower face', false, { quantity: 3, face: 4 }, { quantity: 3, face: 3 }],
    ['to 1s: half the quantity, rounded up (five 4s → three 1s)', true, { quantity: 5, face: 4 }, { quantity: 3, face: 1 }],
    ['to 1s: fewer than half', false, { quantity: 5, face: 4 }, { quantity: 2, face: 1 }],
    ['from 1s: twice and one (three 1s → seven 2s)', true, { quantity: 3, face: 1 }, { quantity: 7, face: 2 }],
    ['from 1s: only twice', false, { quantity: 3, face: 1 }, { quantity: 6, face: 2 }],
    ['more dice than in play', false, { quantity: 3, face: 4 }, { quantity: 16, face: 4 }],
  ])('given rules.md §3, a bid %s: legal %s', (_case, legal, previous, bid) => {
    expect(isLegalBid(previous, bid, 15)).toBe(legal);
  });

  it('given rules.md §3 counting, then 1s count for another face, and a bid on 1s counts only 1s', () => {
    const hands = { '0': [1, 4, 4], '1': [1, 2, 6] };
    expect(holds({ quantity: 4, face: 4 }, hands)).toBe(true);
    expect(holds({ quantity: 5, face: 4 }, hands)).toBe(false);
    expect(holds({ quantity: 2, face: 1 }, hands)).toBe(true);
    expect(holds({ quantity: 3, face: 1 }, hands)).toBe(false);
  });

  it('given a liar call on a bid that does not hold, then the bidder loses a die, everyone rolls again and the bidder starts (§4, §8)', () => {
    const G: LiarsDiceState = { hands: { '0': [2, 3], '1': [5], '2': [6, 6] }, bids: [{ quantity: 3, face: 6, by: '1' }] };
    const { context, ended } = moveContext(G, '2', [1, 1, 4, 4]);
    liarsDiceGame.moves.liar.move(context);
    expect(G).toEqual({ hands: { '0': [1, 1], '1': [], '2': [4, 4] }, bids: [] });
    // Player 1 is out: the next round starts with the next player who still holds dice.
    expect(ended).toEqual([{ next: '2' }]);
    expect(liarsDiceGame.endIf({ G })).toBeUndefined();
  });

  it('given an illegal bid, then boardgame.io is told INVALID_MOVE and nothing changes', () => {
    const G: LiarsDiceState = { hands: { '0': [2], '1': [5] }, bids: [{ quantity: 1, face: 5, by: '0' }] };
    const { context, ended } = moveContext(G, '1');
    expect(liarsDiceGame.moves.bid.move(context, 1, 4)).toBe('INVALID_MOVE');
    expect(G.bids).toHaveLength(1);
    expect(ended).toEqual([]);
  });

  it("given the view of a player and of a spectator, then each sees the bids and dice counts, only the player its own dice (nobody else's)", () => {
    const G: LiarsDiceState = { hands: { '0': [2, 3], '1': [5] }, bids: [] };
    expect(liarsDiceGame.playerView({ G, playerID: '1' })).toEqual({ bids: [], counts: { '0': 2, '1': 1 }, myDice: [5] });
    expect(liarsDiceGame.playerView({ G, playerID: null })).toEqual({ bids: [], counts: { '0': 2, '1': 1 }, myDice: [] });
  });

  it('given one player left with dice, then that player wins', () => {
    expect(liarsDiceGame.endIf({ G: { hands: { '0': [], '1': [3] }, bids: [] } })).toEqual({ winner: '1' });
  });
});
