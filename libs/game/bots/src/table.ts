import { type Action, type Bid, type Face, FACES, type PlayerId, type PlayerView, type PublicSeat, wildActive } from '@liars-dice/game-rules';

/** What every level reads off its seat's view before deciding: counts, the last bid, who is next. */
export interface Table {
  readonly view: PlayerView;
  readonly me: PlayerId;
  readonly myDice: readonly Face[];
  /** 1s count for other faces this round (wild on and not a palifico round). */
  readonly wild: boolean;
  /** Dice in play, everyone's. */
  readonly total: number;
  /** Dice this seat cannot see. */
  readonly unseen: number;
  readonly last: Bid | null;
  /** The seats still in, me included, in seat order. */
  readonly active: readonly PublicSeat[];
  /** The seats still in other than me, in turn order starting after me. */
  readonly opponents: readonly PublicSeat[];
  /** The seat that acts after me: the one that may challenge my bid. */
  readonly next: PublicSeat;
  readonly bids: readonly Extract<Action, { type: 'bid' }>[];
  readonly canLiar: boolean;
  readonly canSpotOn: boolean;
}

/** Whether a die counts for a bid on `face` (rules.md §3). */
export function matches(die: Face, face: Face, wild: boolean): boolean {
  return die === face || (wild && face !== 1 && die === 1);
}

/** The chance one unseen die counts for `face`. */
export function faceChance(face: Face, wild: boolean): number {
  return wild && face !== 1 ? 1 / 3 : 1 / 6;
}

export function countMine(dice: readonly Face[], face: Face, wild: boolean): number {
  let n = 0;
  for (const die of dice) if (matches(die, face, wild)) n++;
  return n;
}

export function tableOf(view: PlayerView, legal: readonly Action[]): Table {
  const me = view.me ?? '';
  const round = view.round;
  const wild = round ? wildActive(view.options, round) : view.options.wildOnes;
  const active = view.players.filter((seat) => !seat.out);
  const at = view.players.findIndex((seat) => seat.id === me);
  const opponents: PublicSeat[] = [];
  for (let step = 1; step < view.players.length; step++) {
    const seat = view.players[(at + step) % view.players.length];
    if (seat && !seat.out && seat.id !== me) opponents.push(seat);
  }
  let total = 0;
  for (const seat of active) total += seat.dice;
  const bids = legal.filter((action): action is Extract<Action, { type: 'bid' }> => action.type === 'bid');
  const self = view.players[at] ?? { id: me, dice: view.myDice.length, bullets: 0, out: false };
  return {
    view,
    me,
    myDice: view.myDice,
    wild,
    total,
    unseen: total - view.myDice.length,
    last: round?.bids.at(-1) ?? null,
    active,
    opponents,
    next: opponents[0] ?? self,
    bids,
    canLiar: legal.some((action) => action.type === 'liar'),
    canSpotOn: legal.some((action) => action.type === 'spot-on'),
  };
}

/** The faces some legal bid names, lowest first. */
export function biddableFaces(table: Table): Face[] {
  return FACES.filter((face) => table.bids.some((bid) => bid.face === face));
}
