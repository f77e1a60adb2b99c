/** Every match is one stream, `match-<matchId>`: its name is made and read here only. */
export const MATCH_STREAM_PREFIX = 'match-';

export function matchStream(matchId: string): string {
  return `${MATCH_STREAM_PREFIX}${matchId}`;
}

/** The match id of a match stream's name; null for any other stream. */
export function matchIdOf(streamName: string): string | null {
  return streamName.startsWith(MATCH_STREAM_PREFIX) ? streamName.slice(MATCH_STREAM_PREFIX.length) : null;
}
