import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MatchFieldsFragment } from '@/data/generated/graphql';
import { turnAnnouncement } from './announcement';

const table = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../messages/en.json'), 'utf8')) as {
    table: Record<string, string>;
  }
).table;
/** The English catalogue's plain messages, filled in (no plural in the ones announced). */
const t = ((key: string, values: Record<string, unknown> = {}) =>
  (table[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]))) as unknown as Parameters<
  typeof turnAnnouncement
>[2];
const name = (seat: string) => ({ s1: 'ann', s2: 'P. Fermat (CPU, medium)' })[seat] ?? seat;

function view(change: Partial<MatchFieldsFragment>): MatchFieldsFragment {
  return {
    status: 'bidding',
    me: 's1',
    toAct: 's2',
    round: { number: 2, starter: 's2', palifico: false, bids: [] },
    ...change,
  } as MatchFieldsFragment;
}

describe('what the table announces to a screen reader', () => {
  it('given a round with no bid yet, then who opens it and whose turn it is', () => {
    expect(turnAnnouncement(view({}), name, t)).toBe(
      'Round 2: P. Fermat (CPU, medium) opens the bidding. P. Fermat (CPU, medium) to play.',
    );
  });

  it('given a bid, then the bid and that it is your turn', () => {
    const round = { number: 2, starter: 's2', palifico: false, bids: [{ by: 's2', quantity: 3, face: 5 }] };
    expect(turnAnnouncement(view({ round, toAct: 's1' }), name, t)).toBe(
      'P. Fermat (CPU, medium) bids 3 × 5. Your turn.',
    );
  });

  it('given a lobby or a finished match, then nothing (their panels speak for themselves)', () => {
    expect(turnAnnouncement(view({ status: 'lobby', round: null }), name, t)).toBe('');
    expect(turnAnnouncement(view({ status: 'finished', round: null, toAct: null }), name, t)).toBe('');
  });
});
