import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import type { Face } from '@liars-dice/game-rules';

/** The version recorded in a match's first event; the algorithm below must not change without a new one. */
export const FAIRNESS_VERSION = 'v1' as const;

const SEED_HEX = /^[0-9a-f]{64}$/;

export function isSeedHex(value: unknown): value is string {
  return typeof value === 'string' && SEED_HEX.test(value);
}

function seedBytes(seedHex: string): Uint8Array {
  if (!isSeedHex(seedHex)) throw new TypeError('seed: expected 64 lowercase hex characters');
  return hexToBytes(seedHex);
}

/** SHA-256 of the seed's bytes, lowercase hex: published before the first roll. */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

/** The byte stream of a label: HMAC-SHA256(seed, label + "|" + n) for n = 0, 1, 2, …, concatenated. */
export function* byteStream(seedHex: string, label: string): Generator<number, never> {
  const mac = keyedMac(seedHex);
  for (let block = 0; ; block++) yield* mac(`${label}|${block}`);
}

/**
 * Uniform values 1–6 from the label's byte stream: bytes of 252 and above are discarded (252 = 42 × 6), so
 * `b mod 6` carries no bias.
 */
export function* faceStream(seedHex: string, label: string): Generator<Face, never> {
  const bytes = byteStream(seedHex, label);
  for (;;) {
    const byte = bytes.next().value;
    if (byte < 252) yield ((byte % 6) + 1) as Face;
  }
}

/** HMAC-SHA256 under one key: the MAC of a UTF-8 message. */
export type KeyedMac = (message: string) => Uint8Array;
/** Keys an HMAC-SHA256 implementation with the seed's bytes. */
export type MacFactory = (key: Uint8Array) => KeyedMac;

/** The portable implementation (runs in browsers too): the key blocks are hashed once, then cloned per block. */
const nobleMac: MacFactory = (key) => {
  const keyed = hmac.create(sha256, key);
  return (message) => keyed.clone().update(utf8ToBytes(message)).digest();
};

let macFactory: MacFactory = nobleMac;
let lastKeyed: { readonly seedHex: string; readonly mac: KeyedMac } | null = null;

/**
 * Lets a host swap in a faster HMAC-SHA256 (the CLI uses Node's native one). The algorithm and every derived
 * value stay the same (tested against the worked example); only the arithmetic is done elsewhere.
 */
export function useMacFactory(factory: MacFactory): void {
  macFactory = factory;
  lastKeyed = null;
}

/** The MAC keyed with `seedHex`; a match derives dozens of streams from one seed, so the last one is kept. */
function keyedMac(seedHex: string): KeyedMac {
  if (lastKeyed?.seedHex !== seedHex) lastKeyed = { seedHex, mac: macFactory(seedBytes(seedHex)) };
  return lastKeyed.mac;
}

function take(stream: Iterator<Face>, count: number): Face[] {
  const values: Face[] = [];
  while (values.length < count) values.push(stream.next().value as Face);
  return values;
}

export interface HandAddress {
  readonly matchId: string;
  /** 1-based round number. */
  readonly round: number;
  /** 0-based index in the match's seat order. */
  readonly seat: number;
  /** How many dice the seat holds. */
  readonly count: number;
}

/** The dice of one seat in one round. */
export function deriveDice(seedHex: string, { matchId, round, seat, count }: HandAddress): Face[] {
  return take(faceStream(seedHex, `${matchId}|dice|${round}|${seat}`), count);
}

/** The chamber of the match's `pull`-th trigger pull (1-based, over the whole match). */
export function deriveChamber(seedHex: string, matchId: string, pull: number): Face {
  return take(faceStream(seedHex, `${matchId}|chamber|${pull}`), 1)[0] as Face;
}
