import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SeatFieldsFragment } from '@/data/generated/graphql';
import { LOCALES } from '@/i18n/locales';
import { listedPlayer, seatName } from './seat-name';

type Catalogue = { readonly play: Record<string, string>; readonly lobby: Record<string, string> };

const catalogue = (locale: string): Catalogue =>
  JSON.parse(readFileSync(path.join(__dirname, '../../../messages', `${locale}.json`), 'utf8')) as Catalogue;

/** The seat's name as a page in `locale` shows it, from that catalogue's own messages (plain `{arg}` ones). */
function shown(locale: string, seat: Partial<SeatFieldsFragment>): string {
  const { play, lobby } = catalogue(locale);
  const fill = (text: string | undefined, values: Record<string, string> = {}) => (text ?? '?').replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
  const full: SeatFieldsFragment = { seat: 's2', kind: 'cpu', difficulty: 'medium', player: null, handedToCpu: false, name: 'cpu', dice: 5, bullets: 0, out: false, ...seat };
  return seatName(full, (key, values) => fill(play[key], values), (level) => fill(lobby[`difficulty${level.toUpperCase()}`]));
}

describe('a seat as the seats panel, the bids and the replay name it', () => {
  it('given a CPU seat its table gave a name (a tournament entrant), then it shows that name with the CPU’s level', () => {
    expect(shown('en', { name: 'Ada', difficulty: 'hard' })).toBe('Ada (CPU, hard)');
    expect(shown('fr', { name: 'Ada', difficulty: 'hard' })).toBe('Ada (ordinateur, difficile)');
  });

  it.each(LOCALES)('given %s, then a named CPU seat shows its name and its level in that language, never the default name', (locale) => {
    const named = shown(locale, { name: 'Bea', difficulty: 'expert' });
    expect(named).toContain('Bea');
    expect(named).toContain(catalogue(locale).lobby['difficultyEXPERT']);
    expect(named).not.toContain('{');
    expect(named).not.toBe(shown(locale, { name: 'cpu', difficulty: 'expert' }));
  });

  it('given a CPU seat with the API’s default name (or none), then it is "CPU (level)" in the reader’s language', () => {
    expect(shown('en', { name: 'cpu' })).toBe('CPU (medium)');
    expect(shown('en', { name: null, difficulty: 'easy' })).toBe('CPU (easy)');
    expect(shown('ja', { name: 'cpu' })).toBe('CPU（ふつう）');
  });

  it('given a seat a CPU took over from its human, or a person, or nobody, then as before', () => {
    expect(shown('en', { handedToCpu: true, difficulty: 'easy' })).toBe('CPU (easy, took over)');
    expect(shown('en', { kind: 'human', player: 'ann', name: 'ann', difficulty: null })).toBe('ann');
    expect(shown('en', { kind: 'human', name: null, difficulty: null })).toBe('free seat');
  });
});

describe('a seat as the lobby’s match lists name it (the server’s seat names only)', () => {
  const listed = (locale: string, name: string | null) => listedPlayer(name, (key) => catalogue(locale).lobby[key] ?? '?');

  it.each(LOCALES)('given %s, then an unnamed CPU is that language’s word for a CPU, never the API’s lower-case "cpu"', (locale) => {
    expect(listed(locale, 'cpu')).toBe(catalogue(locale).lobby['cpu']);
    expect(listed(locale, 'cpu')).not.toBe('cpu');
  });

  it('given a named CPU, a person or a free seat, then its name, or "free"', () => {
    expect(listed('fr', 'cpu')).toBe('Ordinateur');
    expect(listed('en', 'Ada')).toBe('Ada');
    expect(listed('en', 'ann')).toBe('ann');
    expect(listed('fr', null)).toBe('libre');
  });
});
