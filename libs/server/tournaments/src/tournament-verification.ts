import type { MatchEvent } from '@liars-dice/game-rules';
import { isEngineEvent, matchStream } from '@liars-dice/game-match';
import { verifyMatch, type Verification } from '@liars-dice/game-fairness';
import {
  TOURNAMENT_EVENT_TYPES,
  type TournamentEvent,
  type TournamentVerification,
  tournamentStream,
  verifyTournament,
} from '@liars-dice/game-tournament';
import { type EventStore, StreamNotFoundError } from '@liars-dice/event-store-port';
import { Refusal } from '@liars-dice/server-platform';

const TOURNAMENT_TYPES = new Set<string>(TOURNAMENT_EVENT_TYPES);

export interface TableMatchVerification extends Verification {
  readonly matchId: string;
  /** Why the match could not be checked (missing, or not finished: no seed yet); null when it was. */
  readonly problem: string | null;
}

export interface TournamentReport extends TournamentVerification {
  readonly tournamentId: string;
  readonly seed: string;
  readonly commitment: string;
  readonly matches: readonly TableMatchVerification[];
  /** Every lot, seating and table match recomputed without a discrepancy. */
  readonly allVerified: boolean;
}

async function readOrNull(store: EventStore, stream: string) {
  try {
    return await store.readStream(stream);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return null;
    throw error;
  }
}

async function verifyTableMatch(store: EventStore, matchId: string): Promise<TableMatchVerification> {
  const none = {
    matchId,
    verified: false,
    commitmentMatches: false,
    rollsChecked: 0,
    shotsChecked: 0,
    discrepancies: [],
  };
  const recorded = await readOrNull(store, matchStream(matchId));
  if (!recorded) return { ...none, problem: 'not in the store' };
  const events = recorded.filter(isEngineEvent).map((e) => ({ type: e.type, data: e.data }) as MatchEvent);
  const last = events.at(-1);
  const seed = last?.type === 'MatchFinished' ? last.data.seed : undefined;
  if (!seed) return { ...none, problem: 'not finished (its seed is not revealed)' };
  return { matchId, ...verifyMatch(events, seed), problem: null };
}

/**
 * Everything a finished (or cancelled) tournament's seed lets anyone recompute: the commitment, every lot,
 * every seating (draw and plan), and every roll and shot of every table's match. Refused (NOT_FOUND,
 * NOT_FINISHED) when the tournament is unknown or its seed is not revealed yet. Needs only the store.
 */
export async function verifyStoredTournament(
  store: EventStore,
  tournamentId: string,
): Promise<TournamentReport> {
  const recorded = await readOrNull(store, tournamentStream(tournamentId));
  if (!recorded)
    throw new Refusal('NOT_FOUND', `tournamentId: no tournament ${tournamentId}`, 'tournamentId');
  const events = recorded
    .filter((e) => TOURNAMENT_TYPES.has(e.type))
    .map((e) => ({ type: e.type, data: e.data }) as TournamentEvent);
  const last = events.at(-1);
  const seed =
    last?.type === 'TournamentFinished' || last?.type === 'TournamentCancelled' ? last.data.seed : undefined;
  if (!seed)
    throw new Refusal(
      'NOT_FINISHED',
      `tournamentId: tournament ${tournamentId} is not over; its seed is revealed in its last event`,
      'tournamentId',
    );
  const result = verifyTournament(events, seed);
  const first = events[0];
  const commitment = first?.type === 'TournamentCreated' ? first.data.fairness.commitment : '';
  const matchIds = [
    ...new Set(events.flatMap((e) => (e.type === 'TableMatchAssigned' ? [e.data.matchId] : []))),
  ];
  const matches: TableMatchVerification[] = [];
  for (const matchId of matchIds) matches.push(await verifyTableMatch(store, matchId));
  const allVerified =
    result.verified &&
    matches.every((m) => m.verified || m.problem === 'not finished (its seed is not revealed)');
  return { tournamentId, seed, commitment, ...result, matches, allVerified };
}

/** The report as the CLI prints it. */
export function describeReport(report: TournamentReport): string[] {
  const checked = report.matches.filter((m) => m.problem === null);
  const rolls = checked.reduce((n, m) => n + m.rollsChecked, 0);
  const shots = checked.reduce((n, m) => n + m.shotsChecked, 0);
  const lines = [
    `tournament ${report.tournamentId}: ${report.allVerified ? 'VERIFIED' : 'NOT VERIFIED'}`,
    `  seed ${report.seed}; commitment ${report.commitmentMatches ? 'matches' : 'DOES NOT match'}`,
    `  ${report.lotsChecked} lots and ${report.seatingsChecked} seatings recomputed`,
    `  ${checked.length} of ${report.matches.length} table matches checked: ${rolls} rolls and ${shots} trigger pulls recomputed`,
  ];
  for (const d of report.discrepancies) lines.push(`  event ${d.event}: ${d.what}`);
  for (const m of report.matches) {
    if (m.problem) lines.push(`  match ${m.matchId}: ${m.problem}`);
    for (const d of m.discrepancies) lines.push(`  match ${m.matchId}, event ${d.event}: ${d.what}`);
  }
  return lines;
}
