import type { CallLiar, CallSpotOn, PlaceBid, TimeOut } from './commands';
import type { MatchEvent } from './events';
import { checkBid, countFace } from './bidding';
import { chargeLoss, closeRoundIfSettled, rewardExactCall } from './decide-resolution';
import { Recorder } from './recorder';
import { RuleViolation } from './rule-violation';
import { type Bidding, type MatchState, nextActive, turnDeadline, wildActive } from './state';
import type { Face, PlayerId } from './vocabulary';

/** The first three checks of every player action, in the scenario-format order. */
export function playerToAct(state: MatchState, player: PlayerId): Bidding | RuleViolation {
  if (state.status === 'none') return new RuleViolation('NO_MATCH', 'the match has not been created');
  if (!state.seats.some((seat) => seat.id === player)) {
    return new RuleViolation('UNKNOWN_PLAYER', `${JSON.stringify(player)} is not a player of this match`);
  }
  if (state.status === 'finished') return new RuleViolation('MATCH_OVER', 'the match is over');
  if (state.status !== 'bidding' || state.toAct !== player) {
    return new RuleViolation('NOT_YOUR_TURN', `it is not ${player}'s turn`);
  }
  return state;
}

export function placeBid(state: MatchState, data: PlaceBid['data']): readonly MatchEvent[] | RuleViolation {
  const bidding = playerToAct(state, data.by);
  if (bidding instanceof RuleViolation) return bidding;
  const violation = checkBid(bidding, data.by, data.quantity, data.face);
  if (violation) return violation;
  const next = nextActive(bidding.seats, data.by);
  const deadline = turnDeadline(bidding.options, data.at);
  return [{ type: 'BidPlaced', data: { by: data.by, quantity: data.quantity, face: data.face as Face, next, turnDeadline: deadline } }];
}

function challengeable(state: MatchState, by: PlayerId) {
  const bidding = playerToAct(state, by);
  if (bidding instanceof RuleViolation) return bidding;
  const bid = bidding.round.bids.at(-1);
  if (!bid) return new RuleViolation('NO_BID', 'there is no bid to challenge yet this round');
  const count = countFace(bidding.round.dice, bid.face, wildActive(bidding.options, bidding.round));
  return { bidding, bid, count };
}

export function callLiar(state: MatchState, data: CallLiar['data']): readonly MatchEvent[] | RuleViolation {
  const challenge = challengeable(state, data.by);
  if (challenge instanceof RuleViolation) return challenge;
  const { bidding, bid, count } = challenge;
  const holds = count >= bid.quantity;
  const loser = holds ? data.by : bid.by;
  const recorder = new Recorder(bidding);
  recorder.emit({ type: 'LiarCalled', data: { by: data.by, bid, count, holds, loser } });
  chargeLoss(recorder, loser, 'loss');
  closeRoundIfSettled(recorder);
  return recorder.events;
}

export function callSpotOn(state: MatchState, data: CallSpotOn['data']): readonly MatchEvent[] | RuleViolation {
  const challenge = challengeable(state, data.by);
  if (challenge instanceof RuleViolation) return challenge;
  const { bidding, bid, count } = challenge;
  if (!bidding.options.spotOn || bidding.round.palifico) {
    const why = bidding.round.palifico ? 'spot-on is off in a palifico round' : 'spot-on is off at this table';
    return new RuleViolation('SPOT_ON_DISABLED', why);
  }
  const exact = count === bid.quantity;
  const recorder = new Recorder(bidding);
  recorder.emit({ type: 'SpotOnCalled', data: { by: data.by, bid, count, exact } });
  if (exact) rewardExactCall(recorder, data.by);
  else chargeLoss(recorder, data.by, 'loss');
  closeRoundIfSettled(recorder);
  return recorder.events;
}

export function timeOut(state: MatchState, data: TimeOut['data']): readonly MatchEvent[] | RuleViolation {
  const bidding = playerToAct(state, data.player);
  if (bidding instanceof RuleViolation) return bidding;
  if (bidding.turnDeadline !== null && typeof data.at === 'number' && data.at < bidding.turnDeadline) {
    return new RuleViolation('TURN_NOT_EXPIRED', `the turn of ${data.player} runs until ${bidding.turnDeadline}`);
  }
  const recorder = new Recorder(bidding);
  recorder.emit({ type: 'TurnTimedOut', data: { player: data.player, bid: bidding.round.bids.at(-1) ?? null } });
  chargeLoss(recorder, data.player, 'timeout');
  closeRoundIfSettled(recorder);
  return recorder.events;
}
