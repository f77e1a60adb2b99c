/**
 * Letters of other scripts (and Latin letters without a decomposition) that read as a Latin letter in a list:
 * a CPU seat named `Аdmin` with a Cyrillic А must not pass for the account `admin`. Both cases are listed, since
 * some only look Latin in one case (Greek Η is H, η is not). Not Unicode's whole confusables table: enough for the
 * scripts whose letters pass for Latin ones, which is what an account name is made of.
 */
const READS_AS: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', Ѕ: 's', І: 'i', Ј: 'j', Ԛ: 'q', Ԝ: 'w', Ү: 'y', Ӏ: 'l',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ү: 'y', к: 'k', в: 'b', н: 'h', м: 'm', т: 't',
  // Greek
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  // Armenian, Cherokee
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', Ꭺ: 'a', Ᏼ: 'b', Ꮯ: 'c', Ꭰ: 'd', Ꭼ: 'e', Ꮋ: 'h', Ꭻ: 'j', Ꮶ: 'k', Ꮮ: 'l', Ꮇ: 'm', Ꮲ: 'p', Ꮪ: 's', Ꭲ: 't', Ꮃ: 'w', Ꮓ: 'z',
  // Latin letters no normalisation takes to a base letter
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŀ: 'l', ɩ: 'i', ɑ: 'a', ɡ: 'g', ʏ: 'y', ʀ: 'r', ʙ: 'b', ɴ: 'n', ʜ: 'h', ᴀ: 'a', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ᴋ: 'k', ᴍ: 'm', ᴏ: 'o', ᴘ: 'p', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z',
};

/** What an account name is made of (libs/server/auth): 3 to 24 ASCII letters, digits, `_` or `-`, any case. */
const ACCOUNT_NAME = /^[a-z0-9_-]{3,24}$/;

/**
 * The account name (lower case, as account names are unique) that `name` reads as in a list, or null when it
 * cannot read as one. Compatibility forms are folded (fullwidth `ａｄｍｉｎ`, mathematical letters), accents
 * dropped (`Àdmin`), letters of other scripts that look Latin taken as Latin (`Аdmin` with a Cyrillic А), case
 * ignored, and the spaces, dots and apostrophes a CPU name may have but an account name may not are left out
 * (`ad.min`, `Ad Min`). Used to keep a CPU seat from passing for a person (ADR 0059).
 */
export function accountNameLookalike(name: string): string | null {
  const letters = name.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '');
  const latin = Array.from(letters, (letter) => READS_AS[letter] ?? letter).join('');
  const key = latin.toLowerCase().replace(/[\s.']/g, '');
  return ACCOUNT_NAME.test(key) ? key : null;
}

/** Why a CPU seat's `name` (at `field`) is refused: it reads as the account `player`. */
export function passesForPlayer(field: string, name: string, player: string): string {
  return `${field}: ${name} reads as the player ${player}; a CPU seat may not go by a player's name`;
}
