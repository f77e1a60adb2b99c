/** What a load client reads of a match: enough to decide a move and to time its push. */
const VIEW = 'id revision status toAct me committedAt options { spotOn } seats { seat dice } round { palifico bids { quantity face } }';

export const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { ${VIEW} } }`;
export const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { ${VIEW} } }`;
export const START = `mutation($input: MatchCommandInput!) { startMatch(input: $input) { ${VIEW} } }`;
export const BID = `mutation($input: PlaceBidInput!) { placeBid(input: $input) { ${VIEW} } }`;
export const LIAR = `mutation($input: MatchCommandInput!) { callLiar(input: $input) { ${VIEW} } }`;
export const SPOT_ON = `mutation($input: MatchCommandInput!) { callSpotOn(input: $input) { ${VIEW} } }`;
export const MATCH = `query($id: ID!) { match(id: $id) { ${VIEW} } }`;
export const UPDATED = `subscription($id: ID!) { matchUpdated(id: $id) { ${VIEW} } }`;

export interface TableView {
  readonly id: string;
  readonly revision: string;
  readonly status: string;
  readonly toAct: string | null;
  readonly me: string | null;
  readonly committedAt: number | null;
  readonly options: { readonly spotOn: boolean };
  readonly seats: readonly { readonly seat: string; readonly dice: number }[];
  readonly round: { readonly palifico: boolean; readonly bids: readonly { readonly quantity: number; readonly face: number }[] } | null;
}

export type Move = { readonly type: 'bid'; readonly quantity: number; readonly face: number } | { readonly type: 'liar' } | { readonly type: 'spot-on' };

/**
 * A plain player's move, always legal: open with one die of a face from 2 to 6; raise the last bid's quantity
 * on its face (legal under wild ones and in palifico rounds alike) until it claims a third of the dice in play,
 * then challenge it — now and then with spot-on where the table allows it.
 */
export function chooseMove(view: TableView, draw: () => number): Move {
  const last = view.round?.bids.at(-1);
  if (!last) return { type: 'bid', quantity: 1, face: 2 + Math.floor(draw() * 5) };
  const total = view.seats.reduce((sum, seat) => sum + seat.dice, 0);
  if (last.quantity * 3 < total && last.quantity < total) return { type: 'bid', quantity: last.quantity + 1, face: last.face };
  return view.options.spotOn && !view.round?.palifico && draw() < 0.15 ? { type: 'spot-on' } : { type: 'liar' };
}
