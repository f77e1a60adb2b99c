import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/*
 * The draws as docs/tournaments.md ("Recomputing a seating", step 2) and docs/protocols/fairness.md write them,
 * from an HMAC-SHA-256 alone: nothing here comes from libs/game/fairness or the seating code.
 */

/** The byte stream of `label`: HMAC-SHA-256(seed bytes, UTF-8 of `label|n`) for n = 0, 1, 2, …, concatenated. */
class ByteStream {
  private block = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private next = 0;

  constructor(
    private readonly seed: Uint8Array,
    private readonly label: string,
  ) {}

  byte(): number {
    if (this.next === this.bytes.length) {
      this.bytes = hmac(sha256, this.seed, utf8ToBytes(`${this.label}|${this.block}`));
      this.block += 1;
      this.next = 0;
    }
    const value = this.bytes[this.next] as number;
    this.next += 1;
    return value;
  }

  /** The next 4 bytes, big-endian. */
  uint32(): number {
    let value = 0;
    for (let i = 0; i < 4; i++) value = value * 256 + this.byte();
    return value;
  }
}

/** 0 ≤ j < n: 4-byte values u ≥ ⌊2³² / n⌋ · n are skipped, then j = u mod n. */
function below(stream: ByteStream, n: number): number {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const u = stream.uint32();
    if (u < limit) return u % n;
  }
}

/** The players sorted by id (UTF-16 code units), then Fisher–Yates from the last position down. */
export function drawOrder(
  seedHex: string,
  tournamentId: string,
  round: number,
  players: readonly string[],
): string[] {
  const order = [...players].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const stream = new ByteStream(hexToBytes(seedHex), `${tournamentId}|seating|${round}`);
  for (let i = order.length - 1; i >= 1; i--) {
    const j = below(stream, i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}

/** A player's lot: the first 4 bytes, big-endian, of `<tournamentId>|lot|<playerId>`. */
export function lotOf(seedHex: string, tournamentId: string, player: string): number {
  return new ByteStream(hexToBytes(seedHex), `${tournamentId}|lot|${player}`).uint32();
}
