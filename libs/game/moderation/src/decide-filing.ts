import type { FileDispute } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import { type DisputesState, nextDisputeId, openDispute } from './dispute-state';
import { ModerationViolation } from './moderation-violation';
import { stepsOf, textOf } from './parse';
import { DISPUTE_CATEGORIES, isModerator, isOneOf, LIMITS } from './vocabulary';

function capacityOf({ by, match }: FileDispute['data']): 'player' | 'moderator' | ModerationViolation {
  if (match.players.includes(by.id)) return 'player';
  if (isModerator(by.role)) return 'moderator';
  return new ModerationViolation('NOT_A_PLAYER', `${by.name} did not play match ${match.matchId}`, 'matchId');
}

function checkMatch(state: DisputesState, { match, at, policy }: FileDispute['data']): ModerationViolation | null {
  if (state.matchId !== null && state.matchId !== match.matchId) {
    return new ModerationViolation('INVALID_COMMAND', `this stream holds the disputes of match ${state.matchId}`, 'matchId');
  }
  if (!match.started) return new ModerationViolation('MATCH_NOT_STARTED', `match ${match.matchId} has not started: there is nothing to dispute yet`, 'matchId');
  if (match.endedAt !== null && at > match.endedAt + policy.fileWindowMs) {
    const days = Math.round(policy.fileWindowMs / 86_400_000);
    return new ModerationViolation('FILING_WINDOW_CLOSED', `disputes may be filed up to ${days} days after a match ends`, 'matchId');
  }
  return null;
}

/**
 * A player of the match, or a moderator on their own, files a dispute: on a live match (which then stops
 * counting toward ratings until ruled) or within the filing window after it ended. A filing joins the
 * match's dispute still waiting for a ruling, if there is one; one filing per filer per open dispute.
 */
export function fileDispute(state: DisputesState, data: FileDispute['data']): readonly DisputeEvent[] | ModerationViolation {
  const problem = checkMatch(state, data);
  if (problem) return problem;
  const capacity = capacityOf(data);
  if (capacity instanceof ModerationViolation) return capacity;
  if (!isOneOf(DISPUTE_CATEGORIES, data.category)) {
    return new ModerationViolation('INVALID_DISPUTE', `category: expected one of ${DISPUTE_CATEGORIES.join(', ')}`, 'category');
  }
  const text = textOf(data.text, 'text', LIMITS.text, 'INVALID_DISPUTE');
  if (text instanceof ModerationViolation) return text;
  const steps = stepsOf(data.steps, data.match.steps, LIMITS.steps);
  if (steps instanceof ModerationViolation) return steps;
  const open = openDispute(state);
  if (open?.filings.some((filing) => filing.filer.id === data.by.id)) {
    return new ModerationViolation('ALREADY_FILED', `${data.by.name} already has a filing in dispute ${open.id}, which is not ruled yet`, 'matchId');
  }
  const { matchId, players, endedAt } = data.match;
  const filer = { id: data.by.id, name: data.by.name };
  const disputeId = open?.id ?? nextDisputeId(state, matchId);
  return [{ type: 'DisputeFiled', data: { disputeId, matchId, filer, capacity, category: data.category, text, steps, match: { players, endedAt }, at: data.at } }];
}
