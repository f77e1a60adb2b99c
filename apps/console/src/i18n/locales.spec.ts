import { negotiate } from './locales';

describe('negotiate', () => {
  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['de-DE,fr;q=0.5,it;q=0.7', 'it'],
    ['pt-BR', 'pt'],
    ['de, nl', 'en'],
    ['', 'en'],
    ['es;q=0, fr;q=0.2', 'fr'],
  ])('given Accept-Language %p, then %s', (header, locale) => {
    expect(negotiate(header)).toBe(locale);
  });
});
