import type { MatchOptions } from './options';
import type { MatchState, Round } from './state';
import type { Bid, Face, PlayerId, Ruleset } from './vocabulary';

export interface PublicSeat {
  readonly id: PlayerId;
  readonly dice: number;
  readonly bullets: number;
  readonly out: boolean;
}

/** What one seat (or a spectator, `me` null) may know: the only way match state leaves the server. */
export interface PlayerView {
  readonly matchId: string;
  readonly ruleset: Ruleset;
  readonly options: MatchOptions;
  readonly status: Exclude<MatchState['status'], 'none'>;
  readonly me: PlayerId | null;
  /** The viewer's own dice this round; empty for spectators and between rounds. */
  readonly myDice: readonly Face[];
  readonly players: readonly PublicSeat[];
  /** The round in play, without anyone's dice. */
  readonly round: { readonly number: number; readonly starter: PlayerId; readonly palifico: boolean; readonly bids: readonly Bid[] } | null;
  /** Rounds already revealed, oldest first, with every hand. */
  readonly history: readonly Round[];
  readonly toAct: PlayerId | null;
  readonly turnDeadline: number | null;
  readonly winner: PlayerId | null;
  readonly placements: readonly (readonly PlayerId[])[] | null;
}

export function playerView(state: MatchState, viewer: PlayerId | null): PlayerView | null {
  if (state.status === 'none') return null;
  const round = state.round;
  // A round's hands become public only once it has ended (the reveal); until then only the owner sees them.
  const revealed = round?.end ? [...state.history, round] : state.history;
  const inPlay = round && !round.end ? round : null;
  return {
    matchId: state.matchId,
    ruleset: state.ruleset,
    options: state.options,
    status: state.status,
    me: viewer,
    myDice: ownDice(inPlay, viewer),
    players: state.seats.map(({ id, dice, bullets, out }) => ({ id, dice, bullets, out })),
    round: inPlay ? { number: inPlay.number, starter: inPlay.starter, palifico: inPlay.palifico, bids: inPlay.bids } : null,
    history: revealed,
    ...turn(state),
    ...outcome(state),
  };
}

function turn(state: MatchState): Pick<PlayerView, 'toAct' | 'turnDeadline'> {
  return state.status === 'bidding' ? { toAct: state.toAct, turnDeadline: state.turnDeadline } : { toAct: null, turnDeadline: null };
}

function outcome(state: MatchState): Pick<PlayerView, 'winner' | 'placements'> {
  return state.status === 'finished' ? { winner: state.winner, placements: state.placements } : { winner: null, placements: null };
}

function ownDice(round: Round | null, viewer: PlayerId | null): readonly Face[] {
  return (round && viewer !== null && round.dice[viewer]) || [];
}
