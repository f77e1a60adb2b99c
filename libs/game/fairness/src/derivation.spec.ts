import { createHmac } from 'node:crypto';
import { commitmentOf, deriveChamber, deriveDice, faceStream, isSeedHex, useMacFactory, type MacFactory } from './derivation';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';

const defaultMac: MacFactory = (key) => (message) => hmac(sha256, key, utf8ToBytes(message));

// The worked example of docs/protocols/fairness.md, computed here with two independent HMAC implementations.
const ZERO_SEED = '0'.repeat(64);

describe('fairness v1 derivation', () => {
  it('commits to the seed with SHA-256 of its bytes', () => {
    expect(commitmentOf(ZERO_SEED)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
  });

  it('starts the stream of round 1, seat 0 of match m1 with the block the worked example quotes', () => {
    const block = defaultMac(new Uint8Array(32))('m1|dice|1|0|0');
    expect(Buffer.from(block).toString('hex').slice(0, 16)).toBe('3b1efd06fe8afcea');
    expect([...block.slice(0, 8)]).toEqual([59, 30, 253, 6, 254, 138, 252, 234]);
  });

  it('derives round 1, seat 0 of match m1 as 6, 1, 1, 1, 1 (bytes 253, 254, 252 discarded)', () => {
    expect(deriveDice(ZERO_SEED, { matchId: 'm1', round: 1, seat: 0, count: 5 })).toEqual([6, 1, 1, 1, 1]);
  });

  it('derives the first trigger pull of match m1 as chamber 5', () => {
    expect(deriveChamber(ZERO_SEED, 'm1', 1)).toBe(5);
  });

  it('keeps a hand a prefix of the same stream whatever the dice count', () => {
    const five = deriveDice(ZERO_SEED, { matchId: 'm1', round: 3, seat: 2, count: 5 });
    expect(deriveDice(ZERO_SEED, { matchId: 'm1', round: 3, seat: 2, count: 2 })).toEqual(five.slice(0, 2));
  });

  it('is uniform over the six faces (no modulo bias) on a long stream', () => {
    // Given 60,000 values of one stream
    const counts = [0, 0, 0, 0, 0, 0];
    const stream = faceStream('ab'.repeat(32), 'uniformity');
    for (let i = 0; i < 60_000; i++) counts[stream.next().value - 1]! += 1;
    // Then the chi-square statistic (5 degrees of freedom) is below the 0.1 % critical value 20.52
    const chiSquare = counts.reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).toBeLessThan(20.52);
  });

  it('derives the same values with a host-supplied HMAC implementation', () => {
    // Given Node's native HMAC swapped in for the portable one
    const native: MacFactory = (key) => (message) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
    const portable = deriveDice('ab'.repeat(32), { matchId: 'x', round: 4, seat: 1, count: 5 });
    useMacFactory(native);
    try {
      // Then the worked example and every other stream come out identical
      expect(deriveDice(ZERO_SEED, { matchId: 'm1', round: 1, seat: 0, count: 5 })).toEqual([6, 1, 1, 1, 1]);
      expect(deriveChamber(ZERO_SEED, 'm1', 1)).toBe(5);
      expect(deriveDice('ab'.repeat(32), { matchId: 'x', round: 4, seat: 1, count: 5 })).toEqual(portable);
    } finally {
      useMacFactory(defaultMac);
    }
  });

  it.each(['', 'abc', '0'.repeat(63), 'G'.repeat(64), 'A'.repeat(64)])('rejects %j as a seed', (seed) => {
    expect(isSeedHex(seed)).toBe(false);
    expect(() => commitmentOf(seed)).toThrow('seed: expected 64 lowercase hex characters');
  });
});
