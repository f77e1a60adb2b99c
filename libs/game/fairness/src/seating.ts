import type { PlayerId } from '@liars-dice/game-rules';
import { byteStream } from './derivation';

const TWO_TO_32 = 2 ** 32;

function uint32(bytes: Iterator<number, never>): number {
  let value = 0;
  for (let i = 0; i < 4; i++) value = value * 256 + bytes.next().value;
  return value;
}

/**
 * A uniform whole number 0 ≤ v < n from a byte stream: the next 4 bytes, big-endian, as u; u at or above
 * ⌊2³² / n⌋ · n is discarded and the next 4 bytes taken; otherwise v = u mod n (no modulo bias).
 */
export function uniformBelow(bytes: Iterator<number, never>, n: number): number {
  const limit = Math.floor(TWO_TO_32 / n) * n;
  for (;;) {
    const u = uint32(bytes);
    if (u < limit) return u % n;
  }
}

/**
 * The seating draw of a tournament round: the players to seat, in code-unit order of their ids, shuffled by
 * Fisher–Yates from the last position down — for i = n − 1 … 1, swap position i with position
 * `uniformBelow(i + 1)` — on the byte stream of `<tournamentId>|seating|<round>`.
 */
export function drawSeatingOrder(seedHex: string, tournamentId: string, round: number, players: readonly PlayerId[]): PlayerId[] {
  const order = [...players];
  const bytes = byteStream(seedHex, `${tournamentId}|seating|${round}`);
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformBelow(bytes, i + 1);
    const held = order[i] as PlayerId;
    order[i] = order[j] as PlayerId;
    order[j] = held;
  }
  return order;
}

/** A player's lot, the last tie-break: the first 4 bytes of `<tournamentId>|lot|<player>`, big-endian. */
export function deriveLot(seedHex: string, tournamentId: string, player: PlayerId): number {
  return uint32(byteStream(seedHex, `${tournamentId}|lot|${player}`));
}
