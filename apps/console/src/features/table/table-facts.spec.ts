import type { MatchFieldsFragment } from '@/data/generated/graphql';
import { currentBid, diceInPlay, eliminationOf, lastBids, shownHand } from './table-facts';

type View = MatchFieldsFragment;
type Seat = View['seats'][number];
type Revealed = View['history'][number];

const seat = (id: string, change: Partial<Seat> = {}): Seat => ({
  seat: id,
  kind: 'cpu',
  difficulty: 'medium',
  player: null,
  handedToCpu: false,
  name: 'B. Pascal',
  dice: 3,
  bullets: 0,
  out: false,
  ...change,
});

const reveal = (number: number, hands: Record<string, number[]>, eliminated: string[] = []): Revealed => ({
  number,
  starter: 's1',
  palifico: false,
  bids: [],
  hands: Object.entries(hands).map(([id, dice]) => ({ seat: id, dice })),
  end: {
    call: 'liar',
    by: 's2',
    count: 2,
    holds: true,
    losers: eliminated,
    eliminated,
    bid: null,
    shots: [],
  },
});

/** A three-seat classic match seen by s1 ("me"): s3 went out in round 2, s1 and s2 play round 3. */
function view(change: Partial<View> = {}): View {
  return {
    id: 'm1',
    ruleset: 'classic',
    kind: 'regular',
    ranked: false,
    status: 'bidding',
    lobbyExpiresAt: null,
    lobbyIdleSeconds: null,
    revision: '20',
    host: 'ann',
    me: 's1',
    myDice: [2, 5],
    toAct: 's2',
    turnDeadline: null,
    winner: null,
    placements: null,
    commitment: 'c',
    seed: null,
    closing: null,
    options: {
      startingDice: 3,
      wildOnes: false,
      spotOn: false,
      palifico: false,
      bullets: 0,
      turnSeconds: null,
    },
    seats: [
      seat('s1', { kind: 'human', player: 'ann', name: 'ann', dice: 2 }),
      seat('s2', { name: 'P. Fermat' }),
      seat('s3', { dice: 0, out: true }),
    ],
    round: {
      number: 3,
      starter: 's1',
      palifico: false,
      bids: [
        { by: 's1', quantity: 1, face: 4 },
        { by: 's2', quantity: 2, face: 4 },
        { by: 's1', quantity: 3, face: 4 },
      ],
    },
    history: [
      reveal(1, { s1: [1, 2, 3], s2: [4, 5, 6], s3: [6, 6, 6] }),
      reveal(2, { s1: [2, 2], s2: [3, 3, 1], s3: [5] }, ['s3']),
    ],
    legalActions: [],
    ...change,
  };
}

describe('what the table shows', () => {
  it('given a round under way, then the bid on the table is the latest, each seat shows its own latest, and the dice in play are counted', () => {
    expect(currentBid(view())).toEqual({ by: 's1', quantity: 3, face: 4 });
    expect([...lastBids(view()).entries()]).toEqual([
      ['s1', { by: 's1', quantity: 3, face: 4 }],
      ['s2', { by: 's2', quantity: 2, face: 4 }],
    ]);
    expect(diceInPlay(view())).toBe(5);
    expect(currentBid(view({ round: null }))).toBeNull();
  });

  it('given the match is played, then a seat shows its faces to its own player only', () => {
    expect(shownHand(view(), 's1')).toEqual([2, 5]);
    expect(shownHand(view(), 's2')).toBeNull();
    expect(shownHand(view({ me: null, myDice: [] }), 's1')).toBeNull();
  });

  it('given the match is finished, then the winner shows the hand of the last reveal to everyone; those out show none', () => {
    const finished = view({ status: 'finished', round: null, me: null, myDice: [], winner: 's2' });
    expect(shownHand(finished, 's2')).toEqual([3, 3, 1]);
    expect(shownHand(finished, 's3')).toBeNull();
  });

  it('given a seat that went out, then when (the round) and, once finished, its place counting seats out together', () => {
    expect(eliminationOf(view(), 's3')).toEqual({ round: 2, place: null, of: 3 });
    expect(eliminationOf(view(), 's1')).toBeNull();
    expect(eliminationOf(view({ status: 'finished', placements: [['s2'], ['s1'], ['s3']] }), 's3')).toEqual({
      round: 2,
      place: 3,
      of: 3,
    });
    expect(eliminationOf(view({ status: 'finished', placements: [['s2'], ['s1', 's3']] }), 's3')).toEqual({
      round: 2,
      place: 2,
      of: 3,
    });
  });
});
