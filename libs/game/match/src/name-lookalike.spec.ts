import fc from 'fast-check';
import { accountNameLookalike } from './name-lookalike';
import { isCpuName } from './vocabulary';

/** Account names as libs/server/auth takes them: 3 to 24 ASCII letters, digits, `_` or `-`. */
const accountName = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'), minLength: 3, maxLength: 24 });
/** Letters that read as Latin ones, with the Latin letter each reads as. */
const DISGUISES: Record<string, string[]> = { a: ['а', 'α', 'Α', 'А', 'à', 'á', 'ａ'], e: ['е', 'Е', 'ε', 'é', 'ë'], o: ['о', 'ο', 'Ο', 'ö', 'ø', '𝐨'], p: ['р', 'Р', 'ρ'], c: ['с', 'С'], i: ['і', 'ı', 'ι', 'í'], x: ['х', 'χ'] };

describe('the account name a CPU seat’s name reads as (ADR 0059)', () => {
  it.each`
    name                  | reads
    ${'Admin'}            | ${'admin'}
    ${'ＡＤＭＩＮ'}          | ${'admin'}
    ${'Аdmin'}            | ${'admin'}
    ${'Àdmîn'}            | ${'admin'}
    ${'ad.min'}           | ${'admin'}
    ${"Ad Min's"}         | ${'admins'}
    ${'𝐁𝐨𝐬𝐬'}             | ${'boss'}
    ${'Ζeus'}             | ${'zeus'}
    ${'Ab'}               | ${null}
    ${'Δημήτρης'}         | ${null}
    ${'中文名'}            | ${null}
  `('given a CPU named $name, then it reads as $reads', ({ name, reads }) => {
    expect(accountNameLookalike(name)).toBe(reads);
  });

  it('given any account name, then it reads as itself in lower case, in any letter case', () => {
    fc.assert(fc.property(accountName, (name) => accountNameLookalike(name) === name.toLowerCase() && accountNameLookalike(name.toUpperCase()) === name.toLowerCase()));
  });

  it('given an account name with some letters swapped for ones that look the same, then it still reads as that account', () => {
    const disguised = accountName.chain((name) =>
      fc.tuple(fc.constant(name), fc.array(fc.nat(), { minLength: name.length, maxLength: name.length })).map(([plain, picks]) => ({
        plain,
        shown: Array.from(plain, (letter, i) => {
          const options = DISGUISES[letter.toLowerCase()];
          return options && (picks[i] ?? 0) % 2 === 1 ? (options[(picks[i] ?? 0) % options.length] as string) : letter;
        }).join(''),
      })),
    );
    fc.assert(fc.property(disguised, ({ plain, shown }) => !isCpuName(shown) || accountNameLookalike(shown) === plain.toLowerCase()));
  });
});
