import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SeatFieldsFragment } from '@/data/generated/graphql';
import { LOCALES } from '@/i18n/locales';
import { type ListedSeat, listedSeatName, seatName } from './seat-name';

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

  it('given the roster names the server gives unnamed CPUs (ADR 0075), then three CPUs of one level read apart', () => {
    const names = ['B. Pascal', 'P. Fermat', 'G. Cardano'].map((name) => shown('en', { name }));
    expect(names).toEqual(['B. Pascal (CPU, medium)', 'P. Fermat (CPU, medium)', 'G. Cardano (CPU, medium)']);
    expect(shown('fr', { name: 'P. Fermat', difficulty: 'hard' })).toBe('P. Fermat (ordinateur, difficile)');
  });

  it.each(LOCALES)('given %s, then a seat a CPU took over says its roster name, its level and that it took over', (locale) => {
    const named = shown(locale, { handedToCpu: true, name: 'G. Cardano', difficulty: 'easy' });
    expect(named).toContain('G. Cardano');
    expect(named).toContain(catalogue(locale).lobby['difficultyEASY']);
    expect(named).not.toBe(shown(locale, { name: 'G. Cardano', difficulty: 'easy' }));
    expect(named).not.toContain('{');
  });

  it('given a seat a CPU took over from its human, or a person, or nobody, then as before', () => {
    expect(shown('en', { handedToCpu: true, name: 'G. Cardano', difficulty: 'easy' })).toBe('G. Cardano (CPU, easy, took over)');
    expect(shown('en', { handedToCpu: true, name: 'cpu', difficulty: 'easy' })).toBe('CPU (easy, took over)');
    expect(shown('en', { kind: 'human', player: 'ann', name: 'ann', difficulty: null })).toBe('ann');
    expect(shown('en', { kind: 'human', name: null, difficulty: null })).toBe('free seat');
  });
});

describe('a seat as the lobby’s match lists name it (each seat’s kind and level: ADR 0030)', () => {
  const listed = (locale: string, seat: Partial<ListedSeat>): string => {
    const { play, lobby } = catalogue(locale);
    const fill = (text: string | undefined, values: Record<string, string> = {}) => (text ?? '?').replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
    const full: ListedSeat = { kind: 'CPU', name: null, difficulty: 'MEDIUM', handedToCpu: false, ...seat };
    return listedSeatName(full, (key, values) => fill(play[key], values), (level) => fill(lobby[`difficulty${level.toUpperCase()}`]));
  };

  it('given a CPU named like a person, an unnamed CPU, a person named "cpu" and a free seat, then each as the table names it', () => {
    expect(listed('en', { name: 'Bot Bob', difficulty: 'HARD' })).toBe('Bot Bob (CPU, hard)');
    expect(listed('en', { difficulty: 'HARD' })).toBe('CPU (hard)');
    expect(listed('en', { kind: 'HUMAN', name: 'cpu', difficulty: null })).toBe('cpu');
    expect(listed('en', { kind: 'HUMAN', name: 'Alice', difficulty: null })).toBe('Alice');
    expect(listed('en', { kind: 'FREE', difficulty: null })).toBe('free seat');
    expect(listed('en', { handedToCpu: true, difficulty: 'EASY' })).toBe('CPU (easy, took over)');
    expect(listed('en', { handedToCpu: true, name: 'G. Cardano', difficulty: 'EASY' })).toBe('G. Cardano (CPU, easy, took over)');
  });

  it.each(LOCALES)('given %s, then an unnamed CPU is that language’s "CPU (level)", never the API’s "cpu", and a person named "cpu" is never a CPU', (locale) => {
    const unnamed = listed(locale, { difficulty: 'HARD' });
    expect(unnamed).toBe(shown(locale, { name: null, difficulty: 'hard' }));
    expect(unnamed).toContain(catalogue(locale).lobby['difficultyHARD']);
    expect(unnamed).not.toContain('{');
    expect(listed(locale, { kind: 'HUMAN', name: 'cpu', difficulty: null })).toBe('cpu');
    expect(listed(locale, { name: 'Ada', difficulty: 'EXPERT' })).toBe(shown(locale, { name: 'Ada', difficulty: 'expert' }));
  });
});
