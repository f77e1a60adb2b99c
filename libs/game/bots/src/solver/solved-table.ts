import { decodeSolvedRounds, MORE_ACTIONS, nodeKey, readU32, type StoredGameHeader, unpackFile } from './encoding';
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
    return this.nodeAfter(seat, claims, claims.length);
  }

  /** The same for the first `depth` claims of `path`. */
  nodeAfter(seat: Seat, path: readonly number[], depth: number): number {
    const key = nodeKey(seat, path, Math.max(0, depth - this.header.recall), depth);
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
   * for actions it never plays); false when that hand is not stored there (the strategy does not lead it
   * there, or only rarely: then the expert's own judgement plays).
   */
  chances(node: number, hand: number, out: Float64Array): boolean {
    const { bytes } = this;
    const { steps } = this.header;
    const at0 = this.header.offsets[node] as number;
    const mask = readU32(bytes, at0);
    if (hand >= 32 || ((mask >>> hand) & 1) === 0) return false;
    let at = at0 + 4;
    // Skip the hands stored before this one: each is its actions, every one but the last with its units.
    for (let m = mask & ((1 << hand) - 1); m !== 0; m &= m - 1) {
      while (((bytes[at] as number) & MORE_ACTIONS) !== 0) at += 2;
      at += 1;
    }
    out.fill(0);
    let left = steps;
    for (;;) {
      const code = bytes[at] as number;
      const action = code & ~MORE_ACTIONS;
      if ((code & MORE_ACTIONS) === 0) {
        out[action] = left / steps;
        return true;
      }
      const units = bytes[at + 1] as number;
      out[action] = units / steps;
      left -= units;
      at += 2;
    }
  }
}

/** Every stored game, by name (see `gameName`). */
export class SolvedTable {
  readonly games = new Map<string, SolvedGame>();
  /** The uncompressed body the games read their chances from. */
  readonly body: Uint8Array;

  constructor(file: Uint8Array) {
    this.body = unpackFile(file);
    for (const header of decodeSolvedRounds(this.body)) this.games.set(header.name, new SolvedGame(header, this.body));
  }

  static fromBase64(text: string): SolvedTable {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new SolvedTable(bytes);
  }

  /** What the table holds in memory: the uncompressed body plus each game's node index (8 bytes a node). */
  memoryBytes(): number {
    let index = 0;
    for (const game of this.games.values()) index += game.header.keys.byteLength + game.header.offsets.byteLength;
    return this.body.byteLength + index;
  }
}
