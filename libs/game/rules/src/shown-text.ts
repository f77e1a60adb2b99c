/**
 * The one rule for text from outside that other people read (a tournament's name, a dispute's text, a
 * moderator's note, a reason): no control characters (NUL, escape sequences; line breaks only where the text may
 * have lines), no bidirectional controls (`‮gnp.exe` reads as `exe.png`), no line or paragraph separators,
 * no unpaired UTF-16 surrogates (no character at all), and no pile of more than MAX_MARKS combining marks on one
 * letter ("Zalgo" text spills over the lines above and below it in a list). Everything else a person can type
 * is kept: scripts that stack marks (Thai, Vietnamese, pointed Hebrew) use two or three on a letter.
 */
export type TextLines = 'one line' | 'lines';

const NOT_SHOWN = /[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** Combining marks on one letter at most. */
const MAX_MARKS = 4;
const MARK_PILE = new RegExp(`\\p{M}{${MAX_MARKS + 1}}`, 'u');
/**
 * Characters no reader sees: format characters (zero-width space, tag characters), default-ignorables (U+3164
 * HANGUL FILLER, which is a letter), and U+2800 BRAILLE PATTERN BLANK. A text made only of them and spaces
 * shows nothing (a blank entry in a list): refused. Among visible ones they are kept (emoji sequences join with
 * U+200D, Persian writes U+200C).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
const BLANK = /^[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\p{Z}\s]*$/u;
/** What a text with lines may hold of the above: line feed and tab (a carriage return is folded first). */
const LINE_KEEPS = new Set(['\n', '\t']);

function kindOf(character: string): string {
  if (/\p{Bidi_Control}/u.test(character)) return 'a bidirectional control';
  if (/\p{Cs}/u.test(character)) return 'an unpaired surrogate';
  if (/[\p{Zl}\p{Zp}]/u.test(character)) return 'a line separator';
  return 'a control character';
}

/**
 * The first character of `text` that no reader should get, said in words (`U+202E, a bidirectional control, at
 * character 4`), or null when there is none. `lines`: line feeds and tabs are allowed.
 */
export function unshownCharacter(text: string, lines: TextLines): string | null {
  for (const found of text.matchAll(NOT_SHOWN)) {
    const character = found[0];
    if (lines === 'lines' && LINE_KEEPS.has(character)) continue;
    const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `U+${code}, ${kindOf(character)}, at character ${(found.index ?? 0) + 1}`;
  }
  const blank = invisibleOnly(text);
  if (blank !== null) return blank;
  const pile = MARK_PILE.exec(text);
  if (pile === null) return null;
  const at = pile.index + MAX_MARKS;
  const code = (text.codePointAt(at) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `U+${code}, combining mark number ${MAX_MARKS + 1} on one letter, at character ${at + 1}`;
}

/**
 * The first invisible character of `text` said in words (`U+3164, an invisible character, at character 1`) when
 * the text has nothing else but spaces, else null (an empty text, or one of spaces only, is left to its length
 * rule).
 */
export function invisibleOnly(text: string): string | null {
  if (!BLANK.test(text)) return null;
  const found = INVISIBLE.exec(text);
  if (found === null) return null;
  return `${codeOf(found[0])}, an invisible character, at character ${found.index + 1}, and nothing visible: write something readers can see`;
}

/** The first character of `text` no reader sees (`invisibleOnly`), said in words, or null: no name may have one. */
export function invisibleCharacter(text: string): string | null {
  const found = INVISIBLE.exec(text);
  return found === null ? null : `${codeOf(found[0])}, an invisible character, at character ${found.index + 1}`;
}

function codeOf(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `text` with every CRLF or lone CR made a line feed: how a text with lines is kept, whatever system typed it. */
export function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
