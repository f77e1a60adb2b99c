import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';

/**
 * docs/protocols/fairness.md re-implemented from its text (test-only), so rounds and pulls a scenario leaves
 * unlisted can be compared too. matchId is "scenario" (scenario-format.md / the brief).
 */
const encoder = new TextEncoder();

let lastKey: { hex: string; bytes: Uint8Array } = { hex: '', bytes: new Uint8Array(0) };

function keyOf(seedHex: string): Uint8Array {
  if (lastKey.hex === seedHex) return lastKey.bytes;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(seedHex.slice(2 * i, 2 * i + 2), 16);
  lastKey = { hex: seedHex, bytes };
  return bytes;
}

/** The first `k` uniform values 1-6 of the byte stream for `label`. */
export function fairValues(seedHex: string, label: string, k: number): number[] {
  const key = keyOf(seedHex);
  const values: number[] = [];
  for (let n = 0; values.length < k; n++) {
    const block = hmac(sha256, key, encoder.encode(`${label}|${n}`));
    for (const b of block) {
      if (b < 252 && values.length < k) values.push((b % 6) + 1);
    }
  }
  return values;
}

export const fairDice = (seedHex: string, round: number, seat: number, k: number): number[] =>
  fairValues(seedHex, `scenario|dice|${round}|${seat}`, k);

export const fairChamber = (seedHex: string, pull: number): number =>
  fairValues(seedHex, `scenario|chamber|${pull}`, 1)[0] ?? 0;
