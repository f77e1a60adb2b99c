/**
 * The peer baseline's game: Liar's Dice for boardgame.io 0.50, following our `classic` family with its defaults
 * (docs/rules.md: five dice each, wild 1s, no spot-on, no palifico, one die lost per challenge). Kept small: the
 * bids of §3, the liar call of §4, the next round and elimination of §8, and each player's dice hidden from the
 * others by `playerView` (spectators see no dice). It imports nothing from boardgame.io: the benchmark installs
 * boardgame.io outside the main install and hands this object to its server and clients.
 */

export interface Bid {
  readonly quantity: number;
  readonly face: number;
}

/** A bid on the table, with who made it (the one a liar call challenges). */
export interface PlacedBid extends Bid {
  readonly by: string;
}

/** The whole state; `hands` is secret (playerView). */
export interface LiarsDiceState {
  hands: Record<string, number[]>;
  bids: PlacedBid[];
}

/** What a player (or, without dice, a spectator) sees. */
export interface LiarsDiceView {
  readonly bids: readonly PlacedBid[];
  /** Dice each player still holds. */
  readonly counts: Readonly<Record<string, number>>;
  readonly myDice: readonly number[];
}

interface Ctx {
  readonly numPlayers: number;
  readonly playOrder: readonly string[];
  readonly playOrderPos: number;
  readonly currentPlayer: string;
}
interface Random {
  D6(count: number): number[];
}
interface MoveContext {
  readonly G: LiarsDiceState;
  readonly ctx: Ctx;
  readonly random: Random;
  readonly events: { endTurn(options?: { next: string }): void };
}

/** boardgame.io's marker for a refused move (its INVALID_MOVE constant). */
export const INVALID_MOVE = 'INVALID_MOVE';
const STARTING_DICE = 5;

const diceInPlay = (G: LiarsDiceState): number => Object.values(G.hands).reduce((sum, hand) => sum + hand.length, 0);

/** A bid of 1–6 and a quantity from 1 to the dice in play. */
const wellFormed = ({ quantity, face }: Bid, inPlay: number): boolean => [1, 2, 3, 4, 5, 6].includes(face) && Number.isInteger(quantity) && quantity >= 1 && quantity <= inPlay;

/** §3's raise with wild 1s active, from `previous` to `bid`. */
function raises(previous: Bid, { quantity: q, face: f }: Bid): boolean {
  const { quantity: pq, face: pf } = previous;
  if (pf !== 1 && f === 1) return q >= Math.ceil(pq / 2);
  if (pf === 1 && f === 1) return q > pq;
  if (pf === 1) return q >= 2 * pq + 1;
  return q > pq || (q === pq && f > pf);
}

/** §3 with wild 1s active: the opening bid names 2–6; a raise follows the four rules of the section. */
export function isLegalBid(previous: Bid | undefined, bid: Bid, inPlay: number): boolean {
  if (!wellFormed(bid, inPlay)) return false;
  return previous ? raises(previous, bid) : bid.face !== 1;
}

/** §3 counting: the face, plus every 1 when the face is not 1. */
export function holds(bid: Bid, hands: Readonly<Record<string, readonly number[]>>): boolean {
  const count = Object.values(hands)
    .flat()
    .filter((die) => die === bid.face || (bid.face !== 1 && die === 1)).length;
  return count >= bid.quantity;
}

/** The first player from `from` on, in seat order, who still holds dice (§8). */
function nextWithDice(G: LiarsDiceState, ctx: Ctx, from: number): number {
  for (let step = 0; step < ctx.numPlayers; step++) {
    const pos = (from + step) % ctx.numPlayers;
    if ((G.hands[ctx.playOrder[pos] as string]?.length ?? 0) > 0) return pos;
  }
  return from;
}

function bid({ G, ctx, events }: MoveContext, quantity: number, face: number): void | typeof INVALID_MOVE {
  if (!isLegalBid(G.bids.at(-1), { quantity, face }, diceInPlay(G))) return INVALID_MOVE;
  G.bids.push({ quantity, face, by: ctx.currentPlayer });
  events.endTurn();
}

/** §4: the loser of the challenge loses one die and starts the next round (§8), for which everyone rolls again. */
function liar({ G, ctx, random, events }: MoveContext): void | typeof INVALID_MOVE {
  const last = G.bids.at(-1);
  if (!last) return INVALID_MOVE;
  const loser = holds(last, G.hands) ? ctx.currentPlayer : last.by;
  (G.hands[loser] as number[]).pop();
  for (const [player, hand] of Object.entries(G.hands)) G.hands[player] = hand.length > 0 ? random.D6(hand.length) : [];
  G.bids = [];
  events.endTurn({ next: ctx.playOrder[nextWithDice(G, ctx, ctx.playOrder.indexOf(loser))] as string });
}

export const liarsDiceGame = {
  name: 'liars-dice',
  minPlayers: 2,
  maxPlayers: 6,
  setup: ({ ctx, random }: { ctx: Ctx; random: Random }): LiarsDiceState => ({
    hands: Object.fromEntries(ctx.playOrder.map((player) => [player, random.D6(STARTING_DICE)])),
    bids: [],
  }),
  // Long-form moves run on the server only (`client: false`): a client cannot run them, it does not hold the others'
  // dice, so every state a client sees is the server's.
  moves: { bid: { move: bid, client: false }, liar: { move: liar, client: false } },
  turn: {
    order: {
      first: ({ G, ctx }: MoveContext) => nextWithDice(G, ctx, 0),
      next: ({ G, ctx }: MoveContext) => nextWithDice(G, ctx, ctx.playOrderPos + 1),
    },
  },
  endIf: ({ G }: { G: LiarsDiceState }) => {
    const left = Object.entries(G.hands).filter(([, hand]) => hand.length > 0);
    return left.length === 1 ? { winner: left[0]?.[0] } : undefined;
  },
  playerView: ({ G, playerID }: { G: LiarsDiceState; playerID: string | null }): LiarsDiceView => ({
    bids: G.bids,
    counts: Object.fromEntries(Object.entries(G.hands).map(([player, hand]) => [player, hand.length])),
    myDice: playerID === null ? [] : (G.hands[playerID] ?? []),
  }),
};
