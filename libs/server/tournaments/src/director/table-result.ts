import type { PlayerId } from '@liars-dice/game-rules';
import type { MatchRecord, OpenTable } from '@liars-dice/game-match';

/** Seats whose player bid or called at least once: a timeout or a forfeit is not acting. */
function seatsThatActed(record: MatchRecord): Set<string> {
  const acted = new Set<string>();
  if (record.game.status === 'none') return acted;
  for (const round of record.game.history) {
    for (const bid of round.bids) acted.add(bid.by);
    if (round.end && (round.end.call === 'liar' || round.end.call === 'spot-on')) acted.add(round.end.by);
  }
  return acted;
}

/**
 * A finished table match as its tournament records it: the placements with seats mapped back to the players
 * (seat s1 is the first player of the table's seat order), and who never acted at it — a human seat whose
 * player did not bid or call once, kept by the turn timer until out (docs/tournaments.md, "No-shows").
 */
export function tableResultOf(
  record: MatchRecord,
  players: readonly PlayerId[],
): { placements: PlayerId[][]; absent: PlayerId[] } | null {
  if (record.game.status !== 'finished') return null;
  const table: OpenTable = record.table;
  const playerOf = new Map(table.seats.map((seat, index) => [seat.seat, players[index] as PlayerId]));
  const placements = record.game.placements.map((group) =>
    group.map((seat) => playerOf.get(seat) as PlayerId),
  );
  const acted = seatsThatActed(record);
  const absent = table.seats
    .filter((seat) => seat.kind === 'human' && seat.previous === null && !acted.has(seat.seat))
    .map((seat) => playerOf.get(seat.seat) as PlayerId);
  return { placements, absent };
}
