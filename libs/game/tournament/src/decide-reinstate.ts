import { checkModerator } from './authority';
import type { ReinstatePlayer } from './commands';
import type { TournamentEvent } from './events';
import { nextSeatingRound } from './progress';
import { Recorder } from './recorder';
import { currentRound, entrant, type Tournament } from './state';
import { TournamentViolation } from './tournament-violation';
import { checkReason, keptReason } from './reason';

type Decision = readonly TournamentEvent[] | TournamentViolation;

/**
 * Why a running tournament can no longer take a player back, or null when it can. A knockout went on without
 * them: their table was decided in their absence and nobody may be added to a later knockout round. A swiss
 * tournament takes them back for the swiss rounds and the final's selection, not once the final is seated.
 */
function whyNotBack(state: Tournament): string | null {
  if (state.status === 'registration') return null;
  if (state.status !== 'running') return state.status === 'finished' ? 'the tournament is over' : 'the tournament was cancelled';
  if (state.config.format === 'knockout-tables') return 'a knockout went on without the player: their table was decided in their absence';
  const final = state.rounds.find((round) => round.stage === 'final' && round.status !== 'drafted');
  return final ? `the final table (round ${final.round}) is already seated` : null;
}

function checkRequest(data: ReinstatePlayer['data']): TournamentViolation | null {
  const refusal = checkModerator(data.by, 'reinstate a player');
  if (refusal) return refusal;
  if (typeof data.sanctionId !== 'string' || data.sanctionId.length === 0) return new TournamentViolation('UNEXPECTED_COMMAND', 'sanctionId: expected the lifted sanction');
  return checkReason(data.reason);
}

/**
 * Undoes a disqualification by a moderation sanction once no sanction bars the player any more (the server
 * checks that against moderation's sanctions; the decider checks the tournament can take them back). The
 * points of tables counted before the disqualification count again; the table they were taken from stays
 * forfeited; they are seated from the next seating (a draft waiting without them is drawn again). A
 * disqualification by hand is the organiser's or a moderator's own decision and is not undone this way.
 */
export function reinstatePlayer(state: Tournament, data: ReinstatePlayer['data']): Decision {
  const refusal = checkRequest(data);
  if (refusal) return refusal;
  const player = entrant(state, data.player);
  if (!player) return new TournamentViolation('NOT_REGISTERED', `${data.player} is not registered`);
  if (player.status !== 'disqualified') return new TournamentViolation('NOT_REINSTATABLE', `${data.player} is not disqualified (${player.status})`);
  if (player.sanctionId === null) return new TournamentViolation('NOT_REINSTATABLE', `${data.player} was disqualified by hand, not by a sanction`);
  const why = whyNotBack(state);
  if (why) return new TournamentViolation(state.status === 'running' ? 'NOT_REINSTATABLE' : 'TOURNAMENT_OVER', why);
  const recorder = new Recorder(state);
  const draft = currentRound(state);
  if (state.status === 'running' && draft?.status === 'drafted') {
    recorder.emit({ type: 'SeatingDraftDiscarded', data: { round: draft.round, reason: `${data.player} was reinstated`, at: data.at } });
  }
  const firstRound = state.status === 'running' ? nextSeatingRound(recorder.state) : 1;
  recorder.emit({ type: 'PlayerReinstated', data: { player: data.player, by: data.by.id, reason: keptReason(data.reason), sanctionId: data.sanctionId, firstRound, at: data.at } });
  return recorder.events;
}
