import type { Action } from '@liars-dice/game-rules';
import type { Beliefs } from './evidence';
import type { Stakes } from './placement';
import type { Table } from './table';

/** How the seat after me is assumed to react to a bid: it calls when the bid looks less likely than `threshold`. */
export interface CallModel {
  readonly threshold: number;
  readonly sharpness: number;
  /** How much a bid that leaves room to raise keeps the round dangerous for me (0 … 1). */
  readonly roomRisk: number;
  /** Odds are read to this step (0: exactly); a coarse reader cannot tell 0.62 from 0.58. */
  readonly oddsStep: number;
  /**
   * `flat`: the chance of being called depends only on how the bid looks. `hand`: the next seat is pictured
   * with each hand it may hold: it calls when its own dice make the bid unlikely, which is exactly when the
   * bid is weakest, so being called and being wrong go together.
   */
  readonly response: 'flat' | 'hand';
}

export const DEFAULT_CALL_MODEL: CallModel = { threshold: 0.45, sharpness: 0, roomRisk: 0.5, oddsStep: 0, response: 'flat' };

function read(p: number, step: number): number {
  return step > 0 ? Math.round(p / step) * step : p;
}

export interface Scored {
  readonly action: Action;
  /** Expected worth for my placement, in units of my own penalty. */
  readonly worth: number;
  /** My chance that the bid holds (bids), or that the last bid holds (calls). */
  readonly holds: number;
}

type Bid = Extract<Action, { type: 'bid' }>;

/** How a bid of mine ends its next turn: called and true, called and false, or raised. */
interface Response {
  readonly calledTrue: number;
  readonly calledFalse: number;
  readonly raised: number;
  readonly looks: number;
}

function flatResponse(holds: number, looks: number, model: CallModel): Response {
  const called = 1 / (1 + Math.exp(model.sharpness * (looks - model.threshold)));
  return { calledTrue: called * holds, calledFalse: called * (1 - holds), raised: 1 - called, looks };
}

function handResponse(beliefs: Beliefs, bid: Bid, model: CallModel, looks: number): Response {
  const hand = beliefs.nextHand(bid.face) ?? [1];
  const rest = beliefs.rest(bid.face);
  const theirs = beliefs.restForNext(bid.face);
  let calledTrue = 0;
  let calledFalse = 0;
  hand.forEach((p, k) => {
    const theyBelieve = theirs.atLeast(bid.quantity - k);
    const call = p / (1 + Math.exp(model.sharpness * (theyBelieve - model.threshold)));
    const holds = rest.atLeast(bid.quantity - k);
    calledTrue += call * holds;
    calledFalse += call * (1 - holds);
  });
  return { calledTrue, calledFalse, raised: 1 - calledTrue - calledFalse, looks };
}

/** What a decision is evaluated from: my reading of the dice and what each outcome is worth. */
export interface Situation {
  readonly table: Table;
  readonly beliefs: Beliefs;
  readonly stakes: Stakes;
  readonly model: CallModel;
}

/** What the round's loser is worth to me when it is not me: the next seat, or any other on average. */
interface Rivals {
  readonly next: number;
  readonly average: number;
}

function scoreBid(situation: Situation, rivals: Rivals, bid: Bid): Scored {
  const { table, beliefs, stakes, model } = situation;
  const holds = read(beliefs.mine(bid.face).atLeast(bid.quantity), model.oddsStep);
  const looks = beliefs.public(bid.face).atLeast(bid.quantity);
  const r = model.response === 'hand' ? handResponse(beliefs, bid, model, looks) : flatResponse(holds, looks, model);
  // Raised past me, the round goes on: I carry my share of its risk, more when my bid left easy raises.
  const later = (1 - model.roomRisk + model.roomRisk * looks) / table.active.length;
  const lose = r.calledFalse + r.raised * later;
  const worth = lose * stakes.meLoses + r.calledTrue * rivals.next + r.raised * (1 - later) * rivals.average;
  return { action: bid, worth, holds };
}

function scoreCall(situation: Situation, action: Exclude<Action, Bid>): Scored {
  const { table, beliefs, stakes, model } = situation;
  const last = table.last;
  if (!last) return { action, worth: -Infinity, holds: 0 };
  const belief = beliefs.mine(last.face);
  const holds = read(belief.atLeast(last.quantity), model.oddsStep);
  if (action.type === 'liar') return { action, worth: holds * stakes.meLoses + (1 - holds) * stakes.loses(last.by), holds };
  const exact = read(belief.exactly(last.quantity), model.oddsStep);
  return { action, worth: exact * stakes.exactWin + (1 - exact) * stakes.meLoses, holds };
}

/**
 * One-step look-ahead: a call settles the round now; a bid is either challenged by the next seat (settled
 * by the real count) or raised, after which I carry a share of the round's remaining risk.
 */
export function scoreActions(situation: Situation, legal: readonly Action[]): Scored[] {
  const { table, stakes } = situation;
  const average = table.opponents.reduce((sum, seat) => sum + stakes.loses(seat.id), 0) / Math.max(1, table.opponents.length);
  const rivals = { next: stakes.loses(table.next.id), average };
  return legal.map((action) => (action.type === 'bid' ? scoreBid(situation, rivals, action) : scoreCall(situation, action)));
}
