import { checkOrganiser } from './authority';
import type { DraftSeating, PublishSeating } from './commands';
import type { TournamentEvent } from './events';
import { seatingDue } from './progress';
import { planSeating } from './seating-plan';
import { currentRound, type Tournament } from './state';
import { TournamentViolation } from './tournament-violation';

type Decision = readonly TournamentEvent[] | TournamentViolation;

function checkDraw(order: unknown, players: readonly string[]): TournamentViolation | null {
  const invalid = (why: string) => new TournamentViolation('INVALID_DRAW', `order: ${why}`);
  if (!Array.isArray(order)) return invalid('expected the players to seat, in drawn order');
  if (order.length !== players.length) return invalid(`expected ${players.length} players, got ${order.length}`);
  const expected = new Set(players);
  const seen = new Set<unknown>();
  for (const player of order) {
    if (!expected.has(player as string)) return invalid(`${JSON.stringify(player)} is not to be seated this round`);
    if (seen.has(player)) return invalid(`${JSON.stringify(player)} is drawn twice`);
    seen.add(player);
  }
  return null;
}

/**
 * The house's draw for the round due becomes its draft seating (or its published seating, when the tournament
 * publishes automatically). The draw must be a permutation of exactly the players to seat; the tables follow
 * from it by the seating plan, so a seating can only be what the draw and the standings make it.
 */
export function draftSeating(state: Tournament, data: DraftSeating['data']): Decision {
  if (state.status !== 'running') return new TournamentViolation('NOT_RUNNING', `the tournament is ${state.status === 'registration' ? 'not started' : 'over'}`);
  const due = seatingDue(state);
  if (!due || due.round !== data.round) {
    return new TournamentViolation('NO_SEATING_DUE', due ? `round ${due.round} is the one to seat` : 'no round is waiting to be seated');
  }
  const refusal = checkDraw(data.order, due.players);
  if (refusal) return refusal;
  const tables = planSeating(state, due, data.order);
  const drafted: TournamentEvent = { type: 'SeatingDrafted', data: { round: due.round, stage: due.stage, tables, at: data.at } };
  if (!state.config.autoPublish) return [drafted];
  return [drafted, { type: 'SeatingPublished', data: { round: due.round, by: 'automatic', at: data.at } }];
}

/** The organiser publishes the draft they reviewed; from then on the seating cannot change. */
export function publishSeating(state: Tournament, data: PublishSeating['data']): Decision {
  const refusal = checkOrganiser(state, data.by, 'publish a seating');
  if (refusal) return refusal;
  if (state.status !== 'running') return new TournamentViolation('NOT_RUNNING', 'the tournament is not running');
  const round = currentRound(state);
  if (round?.round !== data.round || round.status !== 'drafted') {
    const why = round?.round === data.round ? `round ${data.round} is already published` : `round ${data.round} has no draft`;
    return new TournamentViolation('NO_DRAFT', why);
  }
  return [{ type: 'SeatingPublished', data: { round: data.round, by: data.by.id, at: data.at } }];
}
