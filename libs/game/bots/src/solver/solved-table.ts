import { decodeSolvedRounds, nodeKey, type StoredGameHeader } from './encoding';
import type { Seat } from './round-game';

/** One solved heads-up round as stored: its chances are read straight from the bytes at each decision. */
export class SolvedGame {
  constructor(
    readonly header: StoredGameHeader,
    private readonly bytes: Uint8Array,
  ) {}

  get name(): string {
    return this.header.name;
  }

  /** The stored node for a seat after these claims (the last `recall` of them), or −1. */
  nodeOf(seat: Seat, claims: readonly number[]): number {
    const key = nodeKey(seat, claims.slice(-this.header.recall));
    const keys = this.header.keys;
    let [lo, hi] = [0, keys.length - 1];
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = keys[mid] as number;
      if (at === key) return mid;
      if (at < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * Writes hand `hand`'s chance of each action at `node` into `out` (in the round game's action order, zeros
   * for actions it never plays); false when that hand is not stored there (it cannot get there by this
   * strategy).
   */
  chances(node: number, hand: number, out: Float64Array): boolean {
    const { bytes } = this;
    const { steps } = this.header;
    const wide = steps > 255;
    let at = this.header.offsets[node] as number;
    out.fill(0);
    for (let hands = bytes[at - 1] as number; hands > 0; hands--) {
      const played = bytes[at + 1] as number;
      if (bytes[at] !== hand) {
        at += 2 + played * (wide ? 3 : 2);
        continue;
      }
      at += 2;
      for (let i = 0; i < played; i++, at += wide ? 3 : 2) {
        const units = wide ? (bytes[at + 1] as number) | ((bytes[at + 2] as number) << 8) : (bytes[at + 1] as number);
        out[bytes[at] as number] = units / steps;
      }
      return true;
    }
    return false;
  }
}

/** Every stored game, by name (see `gameName`). */
export class SolvedTable {
  readonly games = new Map<string, SolvedGame>();

  constructor(readonly bytes: Uint8Array) {
    for (const header of decodeSolvedRounds(bytes)) this.games.set(header.name, new SolvedGame(header, bytes));
  }

  static fromBase64(text: string): SolvedTable {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new SolvedTable(bytes);
  }

  /** What the table holds in memory: the file's bytes plus each game's node index (8 bytes a node). */
  memoryBytes(): number {
    let index = 0;
    for (const game of this.games.values()) index += game.header.keys.byteLength + game.header.offsets.byteLength;
    return this.bytes.byteLength + index;
  }
}
