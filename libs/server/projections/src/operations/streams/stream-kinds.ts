import { MATCH_STREAM_PREFIX } from '@liars-dice/game-match';
import { DISPUTES_STREAM_PREFIX, SANCTIONS_STREAM_PREFIX } from '@liars-dice/game-moderation';
import { TOURNAMENT_STREAM_PREFIX } from '@liars-dice/game-tournament';
import { Refusal } from '@liars-dice/server-platform';
import { OPERATIONS_LOG_STREAM } from '../operations-log';

/**
 * The streams an operator may browse, by kind. Accounts' streams are not among them: they hold password hashes,
 * which no view shows anyone.
 */
export const STREAM_KINDS = ['match', 'tournament', 'disputes', 'sanctions', 'operations'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

const PREFIXES: Readonly<Record<StreamKind, string>> = {
  match: MATCH_STREAM_PREFIX,
  tournament: TOURNAMENT_STREAM_PREFIX,
  disputes: DISPUTES_STREAM_PREFIX,
  sanctions: SANCTIONS_STREAM_PREFIX,
  operations: OPERATIONS_LOG_STREAM,
};

/** Stream names are ids after a prefix: no longer than this, printable, no spaces. */
const MAX_STREAM_LENGTH = 200;
const STREAM_TEXT = /^[\x21-\x7e]+$/;

export function prefixOf(kind: StreamKind): string {
  return PREFIXES[kind];
}

/** The kind of a stream name, or null for one no operator browses. */
export function kindOf(stream: string): StreamKind | null {
  if (stream === OPERATIONS_LOG_STREAM) return 'operations';
  return STREAM_KINDS.find((kind) => kind !== 'operations' && stream.startsWith(PREFIXES[kind]) && stream.length > PREFIXES[kind].length) ?? null;
}

/** A stream name from outside, checked: its kind, or a refusal naming `stream`. */
export function browsableKind(stream: string): StreamKind {
  if (stream.length === 0 || stream.length > MAX_STREAM_LENGTH || !STREAM_TEXT.test(stream)) {
    throw new Refusal('BAD_USER_INPUT', `stream: 1 to ${MAX_STREAM_LENGTH} printable characters, no spaces`, 'stream');
  }
  const kind = kindOf(stream);
  if (kind === null) {
    const known = STREAM_KINDS.map((k) => (k === 'operations' ? OPERATIONS_LOG_STREAM : `${PREFIXES[k]}<id>`)).join(', ');
    throw new Refusal('BAD_USER_INPUT', `stream: not one an operator browses (${known})`, 'stream');
  }
  return kind;
}
