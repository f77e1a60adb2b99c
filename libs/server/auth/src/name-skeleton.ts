import unhomoglyph from 'unhomoglyph';

/**
 * Prototypes Unicode's confusables keep apart from a Latin letter only by case: small capitals (`ᴛ`, which
 * Cyrillic `т` and Greek `τ` map to), and `ɾ`, which the confusables leave alone but which reads as `r` in a
 * list. Account names ignore case, so here each reads as its letter.
 */
const CASE_FOLDS: Readonly<Record<string, string>> = {
  ᴀ: 'a', ʙ: 'b', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ĸ: 'k', ʟ: 'l', ʍ: 'm', ɴ: 'n', ᴘ: 'p', ꞯ: 'q', ʀ: 'r', ᴛ: 't', ɾ: 'r',
};
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}/gu;
/** A CPU name may have these, an account name never: `Ad.Min's` reads as `admins`. */
const NAME_PUNCTUATION = /[\s.'’]/gu;

/** One pass of Unicode TR39's skeleton (the confusables' prototypes, case and accents dropped). */
function fold(text: string): string {
  const prototypes = unhomoglyph(text.normalize('NFD').replace(INVISIBLE, ''));
  // Compatibility forms the confusables leave out (fullwidth `ｄ`) are folded after them, so `ſ` stays `f`.
  const letters = prototypes.normalize('NFKC').normalize('NFD').replace(MARKS, '').toLowerCase();
  return Array.from(letters, (letter) => CASE_FOLDS[letter] ?? letter).join('');
}

/**
 * What a name reads as in a list, so that two names that look alike have the same skeleton (`Rооt` with
 * Cyrillic о, `ꓣOOT` in Lisu, `r00t`, `ɾoot` and `root` all read as `root`; `mike` as `rnike`, as `rnike`
 * does). Unicode TR39's skeleton, folded twice (a prototype's lower case may have a prototype of its own: `M`
 * to `m` to `rn`), ignoring accents and the spaces, dots and apostrophes of a CPU's name. For comparing only: a
 * skeleton is no name to show.
 */
export function nameSkeleton(name: string): string {
  return fold(fold(name)).replace(NAME_PUNCTUATION, '');
}

/**
 * The skeletons `name` reads as in any letter case: as written (`Iann` reads as `lann`) and in lower case
 * (`ADMIN` is the account `admin`, though a capital I reads as l). One or two.
 */
export function nameSkeletons(name: string): string[] {
  return [...new Set([nameSkeleton(name), nameSkeleton(name.toLowerCase())])];
}

/** What the skeleton of an account name (3 to 24 ASCII letters, digits, `_`, `-`) is made of. */
const ACCOUNT_SKELETON = /^[a-z0-9_-]{3,48}$/;

/** The skeletons of `name` that an account's name could have (none: no account reads as it). */
export function accountSkeletonsOf(name: string): string[] {
  return nameSkeletons(name).filter((skeleton) => ACCOUNT_SKELETON.test(skeleton));
}
