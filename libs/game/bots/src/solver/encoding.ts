import type { OnesRule, RoundRules } from './round-game';
import type { SolvedRound, StoredNode } from './solve';

/**
 * The stored strategies' binary format (version below; a change of layout or meaning bumps it):
 *
 *   "LDSR" u8 version, u16 games; per game:
 *     u8 name length, name (UTF-8); u8 ones (0 wild, 1 plain, 2 barred), u8 spot-on, u8 face lock,
 *     u8 starter's dice, u8 other's dice, u8 recall, u16 steps, u32 iterations, f32 exploitability,
 *     u32 nodes; per node in increasing key order:
 *       u32 key (seat | count << 1 | claim i << (4 + 5i): up to five remembered claims), u8 hands;
 *       per hand: u8 hand, u8 actions played, then per action u8 action index, u8 or u16 units of 1/steps.
 *
 * Little-endian. Only hands that can reach a node under the strategy are stored; anything else is never asked.
 */
export const FORMAT_VERSION = 1;
const MAGIC = [0x4c, 0x44, 0x53, 0x52];
const ONES: readonly OnesRule[] = ['wild', 'plain', 'barred'];
export const MAX_RECALL = 5;

/** A node's number: seat, how many claims are remembered and the claims, 5 bits each (claims < 32). */
export function nodeKey(seat: 0 | 1, recent: readonly number[]): number {
  let key = seat | (recent.length << 1);
  recent.forEach((claim, i) => (key += claim * 2 ** (4 + 5 * i)));
  return key;
}

class Writer {
  private bytes: number[] = [];
  u8(v: number): void {
    this.bytes.push(v & 0xff);
  }
  u16(v: number): void {
    this.u8(v);
    this.u8(v >>> 8);
  }
  u32(v: number): void {
    this.u16(v & 0xffff);
    this.u16(v >>> 16);
  }
  f32(v: number): void {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, v, true);
    for (let i = 0; i < 4; i++) this.u8(view.getUint8(i));
  }
  text(v: string): void {
    const bytes = new TextEncoder().encode(v);
    this.u8(bytes.length);
    bytes.forEach((b) => this.u8(b));
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function writeNode(out: Writer, node: StoredNode, wide: boolean): void {
  out.u32(nodeKey(node.seat, node.recent));
  out.u8(node.hands.length);
  for (const { hand, units } of node.hands) {
    out.u8(hand);
    const played = units.map((u, a) => [a, u] as const).filter(([, u]) => u > 0);
    out.u8(played.length);
    for (const [a, u] of played) {
      out.u8(a);
      if (wide) out.u16(u);
      else out.u8(u);
    }
  }
}

/** One game's block of the file (everything after the file header that belongs to it). */
export function encodeGame(name: string, round: SolvedRound): Uint8Array {
  const out = new Writer();
  const { spec } = round.game;
  const { recall, steps, iterations } = round.settings;
  if (recall > MAX_RECALL || round.game.claims.length > 32) throw new Error(`${name}: the format holds up to ${MAX_RECALL} claims of 32`);
  out.text(name);
  [ONES.indexOf(spec.rules.ones), spec.rules.spotOn ? 1 : 0, spec.rules.faceLock ? 1 : 0, spec.dice[0], spec.dice[1], recall].forEach((b) => out.u8(b));
  out.u16(steps);
  out.u32(iterations);
  out.f32(round.exploitability);
  const nodes = [...round.nodes].sort((a, b) => nodeKey(a.seat, a.recent) - nodeKey(b.seat, b.recent));
  out.u32(nodes.length);
  for (const node of nodes) writeNode(out, node, steps > 255);
  return out.done();
}

/** The file: its header, then the games' blocks in the order given. */
export function assembleFile(blocks: readonly Uint8Array[]): Uint8Array {
  const head = Uint8Array.from([...MAGIC, FORMAT_VERSION, blocks.length & 0xff, blocks.length >>> 8]);
  const out = new Uint8Array(head.length + blocks.reduce((sum, b) => sum + b.length, 0));
  out.set(head, 0);
  let at = head.length;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}

/** What a stored game says about itself, read back. */
export interface StoredGameHeader {
  readonly name: string;
  readonly rules: RoundRules;
  readonly dice: readonly [number, number];
  readonly recall: number;
  readonly steps: number;
  readonly iterations: number;
  readonly exploitability: number;
  /** Node keys in increasing order, and where each node's hands start in `bytes`. */
  readonly keys: Uint32Array;
  readonly offsets: Uint32Array;
  /** Where the game's block lies in the file: [start, end). */
  readonly block: readonly [number, number];
}

export function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16)) + (bytes[at + 3] as number) * 2 ** 24;
}

/** Reads the games' headers and node index; the chances stay in `bytes` and are read per decision. */
export function decodeSolvedRounds(bytes: Uint8Array): StoredGameHeader[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (MAGIC.some((b, i) => bytes[i] !== b)) throw new Error('solved rounds: not an LDSR file');
  if (bytes[4] !== FORMAT_VERSION) throw new Error(`solved rounds: format version ${bytes[4]}, this build reads ${FORMAT_VERSION}`);
  let at = 7;
  const games: StoredGameHeader[] = [];
  for (let g = view.getUint16(5, true); g > 0; g--) {
    const start = at;
    const nameLength = bytes[at] as number;
    const name = new TextDecoder().decode(bytes.subarray(at + 1, at + 1 + nameLength));
    at += 1 + nameLength;
    const [ones, spotOn, faceLock, d0, d1, recall] = Array.from(bytes.subarray(at, at + 6));
    const steps = view.getUint16(at + 6, true);
    const header = { name, rules: { ones: ONES[ones as number] as OnesRule, spotOn: spotOn === 1, faceLock: faceLock === 1 }, dice: [d0, d1] as [number, number] };
    const meta = { recall: recall as number, steps, iterations: view.getUint32(at + 8, true), exploitability: view.getFloat32(at + 12, true) };
    const count = view.getUint32(at + 16, true);
    at += 20;
    const keys = new Uint32Array(count);
    const offsets = new Uint32Array(count);
    const unit = steps > 255 ? 3 : 2;
    for (let n = 0; n < count; n++) {
      keys[n] = readU32(bytes, at);
      offsets[n] = at + 5;
      let hands = bytes[at + 4] as number;
      at += 5;
      for (; hands > 0; hands--) at += 2 + unit * (bytes[at + 1] as number);
    }
    games.push({ ...header, ...meta, keys, offsets, block: [start, at] });
  }
  return games;
}
