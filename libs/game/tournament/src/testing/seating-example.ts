import { deriveLot } from '@liars-dice/game-fairness';
import type { PlayerId } from '@liars-dice/game-rules';
import { seatingDraw } from '../house';
import { byRanking, TournamentLog } from './tournament-log';

/** A worked example of docs/tournaments.md: who plays, under which settings, and how every table finishes. */
export interface SeatingExample {
  readonly seed: string;
  readonly tournamentId: string;
  readonly players: readonly string[];
  readonly maxTableSize: number;
  readonly swissRounds: number;
  readonly finalTableSize: number;
  /** Every table finishes in this order: a player earlier in the list places higher. */
  readonly ranking: readonly string[];
}

/** How a table finishes: its placement groups, winner first. */
export type Finish = (players: readonly PlayerId[]) => readonly (readonly PlayerId[])[];

/**
 * Plays the example through the real decider, as the server would: lots and every round's draw from the seed
 * (the house), each seating published, each table finishing in the ranking's order (or as `finish` says).
 */
export function playExample(
  example: SeatingExample,
  finish: Finish = byRanking(example.ranking),
): TournamentLog {
  const { seed, tournamentId, players, maxTableSize, swissRounds, finalTableSize } = example;
  const log = TournamentLog.create({
    tournamentId,
    tableSize: { min: 2, max: maxTableSize },
    rounds: swissRounds,
    finalTableSize,
  });
  for (const player of players) {
    const lot = deriveLot(seed, tournamentId, player);
    log.do({
      type: 'RegisterPlayer',
      data: { player, name: player, kind: 'human', by: { id: player, role: 'player' }, lot, at: 500 },
    });
  }
  log.do({ type: 'StartTournament', data: { by: { id: 'org', role: 'organiser' }, at: 2_000 } });
  for (
    let draw = seatingDraw(log.tournament, seed, 2_000);
    draw;
    draw = seatingDraw(log.tournament, seed, 2_000)
  ) {
    log.seat(draw.data.order).play(finish);
  }
  return log;
}
