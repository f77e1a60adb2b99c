import { type Action, legalActions, playerView, type PlayerView, type Round } from '@liars-dice/game-rules';
import { commitTimeOf } from './commit-times';
import { isCpuSeat, type MatchRecord, seatOwnedBy } from './match-record';
import type { ActionView, MatchView, RevealedRoundView, SeatView } from './graphql/match-view.types';

/** Who is looking: an account (maybe seated) or an anonymous spectator. */
export interface Looker {
  readonly id: string;
}

/**
 * The only way a match leaves the server: the engine's `playerView` for the caller's seat (or a spectator's),
 * plus lobby facts that carry no dice.
 */
export function viewMatch(record: MatchRecord, looker: Looker | null): MatchView {
  const me = looker ? (seatOwnedBy(record, looker.id)?.seat ?? null) : null;
  const view = playerView(record.game, me);
  const { opened } = record;
  return {
    id: opened.matchId,
    ruleset: opened.ruleset,
    kind: opened.kind,
    ranked: opened.ranked,
    revision: record.revision.toString(),
    committedAt: commitTimeOf(record),
    host: opened.host.name,
    options: { ...opened.options },
    seats: seatsView(record, view),
    me,
    ...(view ? playView(view) : LOBBY),
    legalActions: me ? legalActions(record.game, me).map(actionView) : [],
    commitment: opened.fairness.commitment,
    seed: record.seed,
  };
}

/** Views already built per record (records are immutable) and per seat: subscribers at one seat share one. */
const built = new WeakMap<MatchRecord, Map<string | null, MatchView>>();

/**
 * `viewMatch` for live pushes: a change announced to many subscribers builds each seat's view (and the
 * spectators' one) once. The view depends only on the record and the looker's seat, so sharing it between
 * lookers at the same seat gives each exactly what `viewMatch` would.
 */
export function sharedView(record: MatchRecord, looker: Looker | null): MatchView {
  const seat = looker ? (seatOwnedBy(record, looker.id)?.seat ?? null) : null;
  let views = built.get(record);
  if (!views) built.set(record, (views = new Map()));
  let view = views.get(seat);
  if (!view) views.set(seat, (view = viewMatch(record, looker)));
  return view;
}

type PlayFields = Pick<MatchView, 'status' | 'myDice' | 'round' | 'history' | 'toAct' | 'turnDeadline' | 'winner' | 'placements'>;

const LOBBY: PlayFields = { status: 'lobby', myDice: [], round: null, history: [], toAct: null, turnDeadline: null, winner: null, placements: null };

function playView(view: PlayerView): PlayFields {
  return {
    status: view.status,
    myDice: [...view.myDice],
    round: view.round ? { ...view.round, bids: [...view.round.bids] } : null,
    history: view.history.map(revealedOnce),
    toAct: view.toAct,
    turnDeadline: view.turnDeadline,
    winner: view.winner,
    placements: view.placements ? view.placements.map((group) => [...group]) : null,
  };
}

function seatsView(record: MatchRecord, view: PlayerView | null): SeatView[] {
  const live = new Map(view?.players.map((p) => [p.id, p]));
  return record.seats.map((seat) => {
    const now = live.get(seat.seat);
    return {
      seat: seat.seat,
      kind: seat.kind,
      difficulty: isCpuSeat(seat) ? seat.difficulty : null,
      player: seat.owner?.name ?? null,
      handedToCpu: seat.handedToCpu,
      dice: now?.dice ?? record.opened.options.startingDice,
      bullets: now?.bullets ?? 0,
      out: now?.out ?? false,
    };
  });
}

/** Ended rounds never change (the engine's state is immutable): each one's view is built once, not per view. */
const revealedRounds = new WeakMap<Round, RevealedRoundView>();

function revealedOnce(round: Round): RevealedRoundView {
  let view = revealedRounds.get(round);
  if (!view) revealedRounds.set(round, (view = revealed(round)));
  return view;
}

function revealed(round: Round): RevealedRoundView {
  const end = round.end;
  return {
    number: round.number,
    starter: round.starter,
    palifico: round.palifico,
    bids: [...round.bids],
    hands: Object.entries(round.dice).map(([seat, dice]) => ({ seat, dice: [...dice] })),
    end: end
      ? { call: end.call, by: end.by, bid: end.bid, count: end.count, holds: end.holds, losers: [...end.losers], shots: [...end.shots], eliminated: [...end.eliminated] }
      : null,
  };
}

function actionView(action: Action): ActionView {
  return action.type === 'bid' ? { type: 'bid', quantity: action.quantity, face: action.face } : { type: action.type, quantity: null, face: null };
}
