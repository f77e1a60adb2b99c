import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from './locales';

type Tree = { readonly [key: string]: string | Tree };

function load(locale: string): Tree {
  return JSON.parse(readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Tree;
}

/** Every message as `path -> text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

/** The argument names a message uses: `{name}`, `{count, plural, …}`. */
function placeholders(text: string): string[] {
  return [
    ...new Set([...text.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,}]/g)].map((m) => m[1] ?? '')),
  ].sort();
}

const english = flatten(load('en'));

describe('message catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))(
    'given %s, then it has exactly the English keys, none empty',
    (locale) => {
      const messages = flatten(load(locale));
      const missing = [...english.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !english.has(key));
      const empty = [...messages].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] });
    },
  );

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'given %s, then every message takes the same arguments as in English',
    (locale) => {
      const messages = flatten(load(locale));
      const differing = [...english]
        .filter(
          ([key, text]) =>
            messages.has(key) && placeholders(messages.get(key) ?? '').join() !== placeholders(text).join(),
        )
        .map(([key]) => key);
      expect(differing).toEqual([]);
    },
  );

  it('given a catalogue without a key, then the check names it', () => {
    const messages = flatten({ nav: { brand: 'x' } });
    expect([...english.keys()].filter((key) => !messages.has(key))).toContain('nav.lobby');
  });
});
