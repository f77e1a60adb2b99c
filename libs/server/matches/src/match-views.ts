import { type Action, legalActions, playerView, type PlayerView, type Round } from '@liars-dice/game-rules';
import { cpuPlays, type LobbyClosing, type LobbyIdleSettings, type MatchRecord, seatHeldBy, seatName } from '@liars-dice/game-match';
import { iso } from '@liars-dice/server-platform';
import { commitTimeOf } from './commit-times';
import { lobbyExpiresAt, lobbyIdleSecondsFor } from './lobby-expiry';
import type { ActionView, BidView, LobbyClosingView, MatchView, RevealedRoundView, SeatView, ShotView } from './graphql/match-view.types';

/** Who is looking: an account (maybe seated) or an anonymous spectator. */
export interface Looker {
  readonly id: string;
}

/**
 * The only way a match leaves the server: the engine's `playerView` for the caller's seat (or a spectator's),
 * plus lobby facts that carry no dice. `lobbyIdle` are the server's `LOBBY_IDLE_SECONDS` and `LOBBY_IDLE_MAX_SECONDS`:
 * a waiting lobby's view says after how long idle and when it expires.
 */
export function viewMatch(record: MatchRecord, looker: Looker | null, lobbyIdle: LobbyIdleSettings): MatchView {
  const me = looker ? (seatHeldBy(record.table, looker.id)?.seat ?? null) : null;
  const view = playerView(record.game, me);
  const { table } = record;
  const play = view ? playView(view) : table.status === 'closed' ? CLOSED : LOBBY;
  // Every field written out, no spread: a spread in the middle of a literal adds its properties one by one to an
  // object that then outgrows its in-object slots (a second allocation per view).
  return {
    id: table.matchId,
    ruleset: table.ruleset,
    kind: table.kind,
    ranked: table.ranked,
    revision: record.revision.toString(),
    committedAt: commitTimeOf(record),
    host: table.host.name,
    options: { ...table.options },
    seats: sharedSeats(record, view),
    me,
    closing: closingView(table.closing),
    lobbyExpiresAt: lobbyExpiresAt(record, lobbyIdle),
    lobbyIdleSeconds: lobbyIdleSecondsFor(record, lobbyIdle),
    status: play.status,
    myDice: play.myDice,
    round: play.round,
    history: play.history,
    toAct: play.toAct,
    turnDeadline: play.turnDeadline,
    winner: play.winner,
    placements: play.placements,
    legalActions: me ? legalActions(record.game, me).map(actionView) : [],
    commitment: table.fairness.commitment,
    seed: record.seed,
  };
}

function closingView(closing: LobbyClosing | undefined): LobbyClosingView | null {
  if (!closing) return null;
  if (closing.reason === 'expired') return { reason: closing.reason, by: null, idleSeconds: closing.idleSeconds, idleSince: iso(closing.idleSince) };
  return { reason: closing.reason, by: closing.reason === 'cancelled' ? closing.by.name : closing.lastLeft.name, idleSeconds: null, idleSince: null };
}

/**
 * Views already built this turn, per record (records are immutable) and per seat: subscribers at one seat share
 * one, and the caller's reply shares its push's (MatchReader.afterCommand, in the same turn). Let go at the end
 * of the turn: kept as long as their record, they would be live data nothing reads again (ADR 0028).
 */
const built = new Map<MatchRecord, Map<string | null, MatchView>>();
let letGo: NodeJS.Immediate | null = null;

/**
 * `viewMatch` for live pushes: a change announced to many subscribers builds each seat's view (and the
 * spectators' one) once. The view depends only on the record and the looker's seat, so sharing it between
 * lookers at the same seat gives each exactly what `viewMatch` would.
 */
export function sharedView(record: MatchRecord, looker: Looker | null, lobbyIdle: LobbyIdleSettings): MatchView {
  const seat = looker ? (seatHeldBy(record.table, looker.id)?.seat ?? null) : null;
  let views = built.get(record);
  if (!views) built.set(record, (views = new Map()));
  letGo ??= setImmediate(() => {
    built.clear();
    letGo = null;
  });
  let view = views.get(seat);
  if (!view) views.set(seat, (view = viewMatch(record, looker, lobbyIdle)));
  return view;
}

type PlayFields = Pick<MatchView, 'status' | 'myDice' | 'round' | 'history' | 'toAct' | 'turnDeadline' | 'winner' | 'placements'>;

const LOBBY: PlayFields = { status: 'lobby', myDice: [], round: null, history: [], toAct: null, turnDeadline: null, winner: null, placements: null };
/** A lobby closed before it started (`LobbyClosed`): final, nothing was played. */
const CLOSED: PlayFields = { ...LOBBY, status: 'closed' };

function playView(view: PlayerView): PlayFields {
  return {
    status: view.status,
    myDice: [...view.myDice],
    round: view.round ? { ...view.round, bids: [...view.round.bids] } : null,
    history: historyView(view.history),
    toAct: view.toAct,
    turnDeadline: view.turnDeadline,
    winner: view.winner,
    placements: view.placements ? view.placements.map((group) => [...group]) : null,
  };
}

/** Stands for the engine's seats before the match started (no engine state: every seat at its starting dice). */
const NOT_STARTED = {};
/**
 * Seat views by table and by the engine's seats: both immutable, and a bid or a call changes neither (only a
 * round's end, an elimination or a lobby event makes new ones), so every view of every record in between (each
 * seat's, each push's and reply's) shares one list instead of building its own.
 */
const seatViews = new WeakMap<object, WeakMap<object, SeatView[]>>();

function sharedSeats(record: MatchRecord, view: PlayerView | null): SeatView[] {
  const engineSeats = view && 'seats' in record.game ? record.game.seats : NOT_STARTED;
  let byTable = seatViews.get(record.table);
  if (!byTable) seatViews.set(record.table, (byTable = new WeakMap()));
  let seats = byTable.get(engineSeats);
  if (!seats) byTable.set(engineSeats, (seats = seatsView(record, view)));
  return seats;
}

/** The revealed rounds' views by the engine's list of them: unchanged from one bid to the next, so built once. */
const histories = new WeakMap<readonly Round[], RevealedRoundView[]>();

function historyView(rounds: readonly Round[]): RevealedRoundView[] {
  let views = histories.get(rounds);
  if (!views) histories.set(rounds, (views = rounds.map(revealedOnce)));
  return views;
}

/** Who plays each seat now, and who held it before a CPU took it over. */
function seatsView(record: MatchRecord, view: PlayerView | null): SeatView[] {
  const live = new Map(view?.players.map((p) => [p.id, p]));
  return record.table.seats.map((seat) => {
    const now = live.get(seat.seat);
    const cpu = cpuPlays(seat);
    return {
      seat: seat.seat,
      kind: cpu ? 'cpu' : 'human',
      difficulty: cpu ? seat.difficulty : null,
      player: seat.holder?.name ?? null,
      name: seatName(seat),
      handedToCpu: seat.previous !== null,
      previous: seat.previous ? { kind: 'human', player: seat.previous.name } : null,
      dice: now?.dice ?? record.table.options.startingDice,
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

/**
 * The engine's arrays are shared, not copied: a round that ended never changes, and views are only read (the
 * revealed rounds' views live as long as their match).
 */
function revealed(round: Round): RevealedRoundView {
  const end = round.end;
  return {
    number: round.number,
    starter: round.starter,
    palifico: round.palifico,
    bids: round.bids as BidView[],
    hands: Object.entries(round.dice).map(([seat, dice]) => ({ seat, dice: dice as number[] })),
    end: end
      ? { call: end.call, by: end.by, bid: end.bid, count: end.count, holds: end.holds, losers: end.losers as string[], shots: end.shots as ShotView[], eliminated: end.eliminated as string[] }
      : null,
  };
}

/**
 * One view per action: the engine shares its actions between lists (frozen), so their views are shared too
 * instead of a fresh object per legal bid in every view of the seat to act.
 */
const actionViews = new WeakMap<Action, ActionView>();

function actionView(action: Action): ActionView {
  let view = actionViews.get(action);
  if (!view) actionViews.set(action, (view = Object.freeze(freshActionView(action))));
  return view;
}

function freshActionView(action: Action): ActionView {
  return action.type === 'bid' ? { type: 'bid', quantity: action.quantity, face: action.face } : { type: action.type, quantity: null, face: null };
}
