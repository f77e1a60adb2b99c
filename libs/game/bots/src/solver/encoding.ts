import { deflateSync, inflateSync } from 'fflate';
import type { OnesRule, RoundRules } from './round-game';
import type { SolvedRound, StoredNode } from './solve';

/**
 * The stored strategies' binary format (a change of layout or meaning bumps the version):
 *
 *   "LDSR", u8 version, then the body compressed with deflate (RFC 1951). The body: u16 games; per game
 *     u8 name length, name (UTF-8); u8 ones (0 wild, 1 plain, 2 barred), u8 spot-on, u8 face lock,
 *     u8 starter's dice, u8 other's dice, u8 recall, u16 steps, u32 iterations, f32 exploitability,
 *     u32 nodes; per node in increasing key order:
 *       u32 key (seat | count << 1 | claim i << (4 + 5i): up to five remembered claims),
 *       u32 mask of the hands stored; per stored hand, lowest first, its actions: u8 action index with
 *       bit 7 set when another action follows, then (not for the last one) u8 units of 1/steps; the last
 *       action takes the units left, so a hand that plays one action costs one byte.
 *
 * Little-endian. Only hands the strategy can lead to a node are stored: nothing else is ever asked.
 */
export const FORMAT_VERSION = 1;
const MAGIC = [0x4c, 0x44, 0x53, 0x52];
const ONES: readonly OnesRule[] = ['wild', 'plain', 'barred'];
export const MAX_RECALL = 5;
const MORE = 0x80;

/** A node's number: seat, how many claims are remembered and the claims (`path[from … to − 1]`), 5 bits each (claims < 32). */
export function nodeKey(seat: 0 | 1, path: readonly number[], from = 0, to = path.length): number {
  let key = seat | ((to - from) << 1);
  for (let i = from; i < to; i++) key += (path[i] as number) * 2 ** (4 + 5 * (i - from));
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

function writeNode(out: Writer, node: StoredNode, steps: number): void {
  if (steps > 255) throw new Error('the format stores chances in units of at most 1/255');
  out.u32(nodeKey(node.seat, node.recent));
  const hands = [...node.hands].sort((a, b) => a.hand - b.hand);
  out.u32(hands.reduce((mask, { hand }) => (mask | (1 << hand)) >>> 0, 0));
  for (const { units } of hands) {
    const played = units.map((u, a) => [a, u] as const).filter(([, u]) => u > 0);
    played.forEach(([a, u], i) => {
      const last = i === played.length - 1;
      out.u8(a | (last ? 0 : MORE));
      if (!last) out.u8(u);
    });
  }
}

/** One game's block of the body. */
export function encodeGame(name: string, round: SolvedRound, exploitability: number): Uint8Array {
  const out = new Writer();
  const { spec, claims, hands } = round.game;
  const { recall, steps, iterations } = round.settings;
  if (recall > MAX_RECALL || claims.length > 32 || Math.max(hands[0].length, hands[1].length) > 32) {
    throw new Error(`${name}: the format holds up to ${MAX_RECALL} remembered claims of 32 and 32 hands a seat`);
  }
  out.text(name);
  [ONES.indexOf(spec.rules.ones), spec.rules.spotOn ? 1 : 0, spec.rules.faceLock ? 1 : 0, spec.dice[0], spec.dice[1], recall].forEach((b) => out.u8(b));
  out.u16(steps);
  out.u32(iterations);
  out.f32(exploitability);
  const nodes = [...round.nodes].sort((a, b) => nodeKey(a.seat, a.recent) - nodeKey(b.seat, b.recent));
  out.u32(nodes.length);
  for (const node of nodes) writeNode(out, node, steps);
  return out.done();
}

/** The file: magic, version, then the games' blocks in the order given, compressed. */
export function assembleFile(blocks: readonly Uint8Array[]): Uint8Array {
  const body = new Uint8Array(2 + blocks.reduce((sum, b) => sum + b.length, 0));
  body.set([blocks.length & 0xff, blocks.length >>> 8], 0);
  let at = 2;
  for (const block of blocks) {
    body.set(block, at);
    at += block.length;
  }
  const packed = deflateSync(body, { level: 9 });
  const out = new Uint8Array(5 + packed.length);
  out.set([...MAGIC, FORMAT_VERSION], 0);
  out.set(packed, 5);
  return out;
}

/** The file's body, uncompressed: what the strategies occupy in memory. */
export function unpackFile(file: Uint8Array): Uint8Array {
  if (MAGIC.some((b, i) => file[i] !== b)) throw new Error('solved rounds: not an LDSR file');
  if (file[4] !== FORMAT_VERSION) throw new Error(`solved rounds: format version ${file[4]}, this build reads ${FORMAT_VERSION}`);
  return inflateSync(file.subarray(5));
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
  /** Node keys in increasing order, and where each node's hand mask starts in the body. */
  readonly keys: Uint32Array;
  readonly offsets: Uint32Array;
  /** Where the game's block lies in the body: [start, end). */
  readonly block: readonly [number, number];
}

export function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16)) + (bytes[at + 3] as number) * 2 ** 24;
}

/** Bytes taken by a node's hands after its mask. */
function handsLength(body: Uint8Array, at: number, mask: number): number {
  let length = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    while (((body[at + length] as number) & MORE) !== 0) length += 2;
    length += 1;
  }
  return length;
}

function readHeader(body: Uint8Array, at: number): { header: Omit<StoredGameHeader, 'keys' | 'offsets' | 'block'>; next: number } {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const nameLength = body[at] as number;
  const name = new TextDecoder().decode(body.subarray(at + 1, at + 1 + nameLength));
  const from = at + 1 + nameLength;
  const [ones, spotOn, faceLock, d0, d1, recall] = Array.from(body.subarray(from, from + 6));
  const header = {
    name,
    rules: { ones: ONES[ones as number] as OnesRule, spotOn: spotOn === 1, faceLock: faceLock === 1 },
    dice: [d0, d1] as [number, number],
    recall: recall as number,
    steps: view.getUint16(from + 6, true),
    iterations: view.getUint32(from + 8, true),
    exploitability: view.getFloat32(from + 12, true),
  };
  return { header, next: from + 16 };
}

/** Reads the games' headers and node index from the body; the chances stay in it and are read per decision. */
export function decodeSolvedRounds(body: Uint8Array): StoredGameHeader[] {
  const games: StoredGameHeader[] = [];
  let at = 2;
  for (let g = (body[0] as number) | ((body[1] as number) << 8); g > 0; g--) {
    const start = at;
    const { header, next } = readHeader(body, at);
    const count = readU32(body, next);
    at = next + 4;
    const keys = new Uint32Array(count);
    const offsets = new Uint32Array(count);
    for (let n = 0; n < count; n++) {
      keys[n] = readU32(body, at);
      offsets[n] = at + 4;
      at += 8 + handsLength(body, at + 8, readU32(body, at + 4));
    }
    games.push({ ...header, keys, offsets, block: [start, at] });
  }
  return games;
}

export { MORE as MORE_ACTIONS };
