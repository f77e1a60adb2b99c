import type { PlayerId } from '@liars-dice/game-rules';
import { checkModerator, checkOrganiser, checkSelfOrOrganiser } from './authority';
import type { DisqualifyPlayer, WithdrawPlayer } from './commands';
import { notOver } from './decide-registration';
import type { TournamentEvent } from './events';
import { Recorder } from './recorder';
import { settle } from './settle';
import { currentRound, entrant, isDone, seatOf, type Tournament } from './state';
import { TournamentViolation } from './tournament-violation';
import { checkReason, keptReason } from './reason';

type Decision = readonly TournamentEvent[] | TournamentViolation;

/**
 * Where a leaving player is in the event: a draft they are in is discarded (a new one is drawn without them);
 * in a published round, the table they have not finished is forfeited (the process manager takes them out of
 * its match; their result there scores 0).
 */
function leaveSeat(recorder: Recorder, player: PlayerId, at: number): { round: number | null; table: number | null } {
  const round = currentRound(recorder.state);
  if (recorder.state.status !== 'running' || !round || round.status === 'completed') return { round: null, table: null };
  const table = seatOf(round, player);
  if (round.status === 'drafted') {
    if (table) recorder.emit({ type: 'SeatingDraftDiscarded', data: { round: round.round, reason: `${player} left before publication`, at } });
    return { round: null, table: null };
  }
  return { round: round.round, table: table && !isDone(table) ? table.table : null };
}

/** Before the start a withdrawal leaves the field; during the event the player keeps their points and is not seated again. */
export function withdrawPlayer(state: Tournament, data: WithdrawPlayer['data']): Decision {
  const refusal = notOver(state) ?? checkSelfOrOrganiser(state, data.by, data.player, 'withdraw');
  if (refusal) return refusal;
  const player = entrant(state, data.player);
  if (!player) return new TournamentViolation('NOT_REGISTERED', `${data.player} is not registered`);
  if (player.status !== 'registered' && player.status !== 'active') {
    return new TournamentViolation('ALREADY_OUT', `${data.player} is already out (${player.status})`);
  }
  const recorder = new Recorder(state);
  const seat = leaveSeat(recorder, data.player, data.at);
  recorder.emit({ type: 'PlayerWithdrew', data: { player: data.player, ...seat, at: data.at } });
  settle(recorder, data.at);
  return recorder.events;
}

/**
 * A disqualification (by the organiser, or a moderation sanction): the player is out, their points are void,
 * they rank below everyone; it applies at any time, after the end too (the standings recompute).
 */
export function disqualifyPlayer(state: Tournament, data: DisqualifyPlayer['data']): Decision {
  if (state.status === 'cancelled') return new TournamentViolation('TOURNAMENT_OVER', 'the tournament was cancelled');
  const refusal = (checkModerator(data.by, 'disqualify') && checkOrganiser(state, data.by, 'disqualify (or a moderator)')) ?? checkReason(data.reason);
  if (refusal) return refusal;
  const player = entrant(state, data.player);
  if (!player) return new TournamentViolation('NOT_REGISTERED', `${data.player} is not registered`);
  if (player.status === 'disqualified') return new TournamentViolation('ALREADY_OUT', `${data.player} is already disqualified`);
  const recorder = new Recorder(state);
  const seat = leaveSeat(recorder, data.player, data.at);
  const sanctionId = typeof data.sanctionId === 'string' && data.sanctionId.length > 0 ? data.sanctionId : null;
  recorder.emit({ type: 'PlayerDisqualified', data: { player: data.player, by: data.by.id, reason: keptReason(data.reason), sanctionId, ...seat, at: data.at } });
  settle(recorder, data.at);
  return recorder.events;
}
