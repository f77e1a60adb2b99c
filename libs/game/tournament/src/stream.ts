/** Every tournament is one stream, `tournament-<tournamentId>`: its name is made and read here only. */
export const TOURNAMENT_STREAM_PREFIX = 'tournament-';

export function tournamentStream(tournamentId: string): string {
  return `${TOURNAMENT_STREAM_PREFIX}${tournamentId}`;
}

/** The tournament id of a tournament stream's name; null for any other stream. */
export function tournamentIdOf(streamName: string): string | null {
  return streamName.startsWith(TOURNAMENT_STREAM_PREFIX) ? streamName.slice(TOURNAMENT_STREAM_PREFIX.length) : null;
}
