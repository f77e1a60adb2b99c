/**
 * Moderation's streams, named here only: one per disputed match (`disputes-<matchId>`: all its disputes, so
 * "one filing per filer" and "one void at a time" are checked inside one stream), and one per sanctioned
 * account (`sanctions-<accountId>`: what a ranked join consults). Voids and their undoing are written to the
 * match's own stream, where every read model already looks.
 */
export const DISPUTES_STREAM_PREFIX = 'disputes-';
export const SANCTIONS_STREAM_PREFIX = 'sanctions-';

export function disputesStream(matchId: string): string {
  return `${DISPUTES_STREAM_PREFIX}${matchId}`;
}

export function sanctionsStream(accountId: string): string {
  return `${SANCTIONS_STREAM_PREFIX}${accountId}`;
}

/** The match id of a disputes stream's name, or null for any other stream. */
export function matchIdOfDisputes(streamName: string): string | null {
  return streamName.startsWith(DISPUTES_STREAM_PREFIX) ? streamName.slice(DISPUTES_STREAM_PREFIX.length) : null;
}

/** The account id of a sanctions stream's name, or null for any other stream. */
export function accountOfSanctions(streamName: string): string | null {
  return streamName.startsWith(SANCTIONS_STREAM_PREFIX) ? streamName.slice(SANCTIONS_STREAM_PREFIX.length) : null;
}
