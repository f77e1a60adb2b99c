import fc from 'fast-check';
import { accountSkeletonsOf, nameSkeleton, nameSkeletons } from './name-skeleton';

/** Account names as Accounts takes them: 3 to 24 ASCII letters, digits, `_` or `-`. */
const accountName = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-'), minLength: 3, maxLength: 24 });
/** Letters of other scripts that read as a Latin letter, by Unicode's confusables (with small capitals as letters). */
const DISGUISES: Record<string, string[]> = {
  a: ['а', 'α', 'Α', 'А', 'à', 'á', 'ａ'],
  c: ['с', 'С', 'ϲ'],
  e: ['е', 'Е', 'é', 'ë'],
  i: ['і', 'ı', 'ι', 'í'],
  o: ['о', 'ο', 'Ο', 'ö', 'ø', '𝐨', 'ꓳ', '0'],
  p: ['р', 'Р', 'ρ'],
  r: ['ɾ', 'г', 'ꓣ', 'ʀ'],
  t: ['т', 'τ', 'ꓔ', 'ᴛ'],
  x: ['х'],
};

describe('what a name reads as (Unicode TR39 skeleton, ADR 0070)', () => {
  it.each`
    name                  | reads          | why
    ${'ꓣOOT'}             | ${'root'}      | ${'Lisu ꓣ (U+A4E3) for R, any case'}
    ${'ꓣꓳꓳꓔ'}             | ${'root'}      | ${'all four letters Lisu'}
    ${'ɾoot'}             | ${'root'}      | ${'r with fishhook, which the confusables leave alone'}
    ${'ϲarl'}             | ${'carl'}      | ${'Greek lunate sigma U+03F2'}
    ${'Rооt'}             | ${'root'}      | ${'Cyrillic о'}
    ${'rooт'}             | ${'root'}      | ${'Cyrillic т, a small capital T'}
    ${'r00t'}             | ${'root'}      | ${'zeros'}
    ${'ROOT'}             | ${'root'}      | ${'case'}
    ${'ＡＤＭＩＮ'}          | ${'adrnln'}    | ${'fullwidth, a capital I reading as l'}
    ${'Àdmîn'}            | ${'adrnin'}    | ${'accents'}
    ${"Ad Min's"}         | ${'adrnins'}   | ${"a CPU name's spaces and apostrophes"}
    ${'𝐁𝐨𝐬𝐬'}             | ${'boss'}      | ${'mathematical bold'}
    ${'ann\u200B'}        | ${'ann'}       | ${'a zero-width space'}
    ${'ann\u3164'}        | ${'ann'}       | ${'a Hangul filler'}
    ${'Δημήτρης'}         | ${'ẟnμntpnς'}  | ${'Greek that reads as no Latin name'}
    ${'中文名'}            | ${'中文名'}     | ${'Han'}
  `('given $name ($why), then it reads as $reads', ({ name, reads }) => {
    expect(nameSkeleton(name)).toBe(reads);
  });

  it('given a capital I, then the name reads as l as written and as i in lower case: both are skeletons of it', () => {
    expect(nameSkeletons('Iann')).toEqual(['lann', 'iann']);
    expect(nameSkeletons('lann')).toEqual(['lann']);
  });

  it('given names no account could read as, then no account skeleton', () => {
    expect(accountSkeletonsOf('Ab')).toEqual([]);
    expect(accountSkeletonsOf('Δημήτρης')).toEqual([]);
    expect(accountSkeletonsOf('ada-l')).toEqual(['ada-l']);
    expect(accountSkeletonsOf('Ada L')).toEqual(['adal']);
  });

  it('given any account name, then it reads the same in any letter case (in lower case)', () => {
    fc.assert(fc.property(accountName, (name) => nameSkeletons(name.toUpperCase()).includes(nameSkeleton(name))));
  });

  it('given an account name with letters swapped for ones that look the same, then it reads as that account', () => {
    const disguised = accountName.chain((plain) =>
      fc.array(fc.nat(), { minLength: plain.length, maxLength: plain.length }).map((picks) => ({
        plain,
        shown: Array.from(plain, (letter, i) => {
          const options = DISGUISES[letter];
          const pick = picks[i] ?? 0;
          return options && pick % 2 === 1 ? (options[pick % options.length] as string) : letter;
        }).join(''),
      })),
    );
    fc.assert(fc.property(disguised, ({ plain, shown }) => nameSkeletons(shown).includes(nameSkeleton(plain))));
  });
});
