import { createHash, createHmac } from 'node:crypto';
import { verificationExport } from './export';
import { playMatch } from './testing/play';

const SEED = '3c'.repeat(32);

/** An outsider's own derivation, written from docs/protocols/fairness.md with Node's HMAC: values 1–6 of a label. */
function outsiderValues(seedHex: string, label: string, count: number): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const values: number[] = [];
  for (let block = 0; values.length < count; block++) {
    for (const byte of createHmac('sha256', key).update(`${label}|${block}`).digest()) {
      if (byte < 252 && values.length < count) values.push((byte % 6) + 1);
    }
  }
  return values;
}

describe('the verification export (everything an outsider needs)', () => {
  it.each(['classic', 'perudo', 'revolver'] as const)('lets independent code re-derive every die and chamber of a %s match', (ruleset) => {
    // Given a finished match rolled from the seed, and its export
    const exported = verificationExport(playMatch(ruleset, SEED), SEED);
    // Then the commitment, each hand and each chamber follow from the export alone
    expect(exported).toMatchObject({ version: 'v1', matchId: 'm-verify', seed: SEED, seats: ['ann', 'bob', 'cyd'] });
    expect(exported.commitment).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    expect(exported.rounds.length).toBeGreaterThan(1);
    for (const { round, hands } of exported.rounds) {
      for (const { seat, index, dice } of hands) {
        expect(exported.seats[index]).toBe(seat);
        expect(dice).toEqual(outsiderValues(SEED, `m-verify|dice|${round}|${index}`, dice.length));
      }
    }
    for (const { pull, chamber } of exported.pulls) expect(chamber).toBe(outsiderValues(SEED, `m-verify|chamber|${pull}`, 1)[0]);
    if (ruleset === 'revolver') expect(exported.pulls.length).toBeGreaterThan(0);
  });

  it('leaves out the seats that are out of the match, keeping each remaining seat’s index', () => {
    const exported = verificationExport(playMatch('classic', SEED), SEED);
    const last = exported.rounds.at(-1);
    expect(last?.hands.length).toBeLessThan(3);
    expect(last?.hands.every((h) => exported.seats[h.index] === h.seat)).toBe(true);
  });
});
