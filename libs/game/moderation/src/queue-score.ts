import type { DisputeCategory } from './vocabulary';

/** A filer's track record: their earlier disputes, by final outcome (a dismissal, or any ruling that acted). */
export interface FilerRecord {
  readonly capacity: 'player' | 'moderator';
  readonly upheld: number;
  readonly dismissed: number;
}

export interface QueueInputs {
  /** When the first filing came in. */
  readonly openedAt: number;
  readonly now: number;
  readonly filers: readonly FilerRecord[];
  readonly categories: readonly DisputeCategory[];
  /** Filed while the match was live: its result is held out of the ratings until a ruling. */
  readonly live: boolean;
  /** The highest collusion suspicion among pairs of the match's players (0 when none). */
  readonly suspicion: number;
}

export interface QueueScore {
  readonly score: number;
  /** Each term of the sum, so a moderator sees why a dispute stands where it does. */
  readonly parts: {
    readonly base: number;
    readonly age: number;
    readonly filers: number;
    readonly moderator: number;
    readonly record: number;
    readonly signal: number;
    readonly live: number;
    readonly misrule: number;
  };
}

const HOUR_MS = 3_600_000;
// + 0 turns a rounded −0 into 0.
const round1 = (n: number) => Math.round(n * 10) / 10 + 0;

/** How far a filer's record is trusted: upheld over decided, with one of each assumed (½ for a newcomer). */
export function filerAccuracy(record: Pick<FilerRecord, 'upheld' | 'dismissed'>): number {
  return (record.upheld + 1) / (record.upheld + record.dismissed + 2);
}

/**
 * The dispute queue's order (docs/moderation.md): 10 to start, + 1.25 an hour waiting (at most 30), + 15 for
 * each player filer past the first (at most 30), + 20 when a moderator filed it, + 10 × (accuracy − ½) for each
 * player filer's record, + 3 × the match's highest pair suspicion (at most 30), + 10 for a live match held out of
 * the ratings, + 5 for a possible misrule (a bug may touch other matches). Never below 0.
 */
export function queueScore(inputs: QueueInputs): QueueScore {
  const players = inputs.filers.filter((f) => f.capacity === 'player');
  const hours = Math.max(0, inputs.now - inputs.openedAt) / HOUR_MS;
  const parts = {
    base: 10,
    age: round1(Math.min(30, 1.25 * hours)),
    filers: Math.min(30, 15 * Math.max(0, players.length - 1)),
    moderator: inputs.filers.some((f) => f.capacity === 'moderator') ? 20 : 0,
    record: round1(players.reduce((sum, f) => sum + 10 * (filerAccuracy(f) - 0.5), 0)),
    signal: round1(Math.min(30, 3 * Math.max(0, inputs.suspicion))),
    live: inputs.live ? 10 : 0,
    misrule: inputs.categories.includes('misrule') ? 5 : 0,
  };
  const sum = Object.values(parts).reduce((a, b) => a + b, 0);
  return { score: Math.max(0, round1(sum)), parts };
}
