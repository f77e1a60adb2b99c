import fc from 'fast-check';
import { invisibleCharacter, unshownCharacter, withLineFeeds } from './shown-text';

/** Characters no reader should get, one of each kind the rule names. */
const UNSHOWN = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u202a', '\u2066', '\u200f', '\u061c', '\u2028', '\u2029', '\ud800', '\udfff'];
/** Text people type: letters of any script, digits, punctuation, spaces and emoji; none of the above. */
const typed = fc.string({ unit: fc.constantFrom('ì', 'ที่', 'e\u0301', 'a', 'Z', 'é', 'ß', 'Ж', 'あ', '中', '٣', '7', ' ', '.', '!', '’', '—', '😀', '👩‍👩‍👧', 'ـ', 'ע'), maxLength: 40 });

describe('the rule for text people read', () => {
  it.each`
    what                                  | text               | lines         | found
    ${'a name'}                           | ${'Spring Cup'}    | ${'one line'} | ${null}
    ${'a NUL'}                            | ${'Cup\u0000'}     | ${'one line'} | ${'U+0000, a control character, at character 4'}
    ${'a right-to-left override'}         | ${'\u202Egnp.exe'} | ${'one line'} | ${'U+202E, a bidirectional control, at character 1'}
    ${'a line feed in one line'}          | ${'Spring\nCup'}   | ${'one line'} | ${'U+000A, a control character, at character 7'}
    ${'a line feed in a text with lines'} | ${'Spring\nCup'}   | ${'lines'}    | ${null}
    ${'a tab in a text with lines'}       | ${'a\tb'}          | ${'lines'}    | ${null}
    ${'a lone carriage return'}           | ${'a\rb'}          | ${'lines'}    | ${'U+000D, a control character, at character 2'}
    ${'a line separator'}                 | ${'x\u2028y'}      | ${'lines'}    | ${'U+2028, a line separator, at character 2'}
    ${'half an emoji'}                    | ${'ok \ud83d'}     | ${'lines'}    | ${'U+D83D, an unpaired surrogate, at character 4'}
    ${'a whole emoji'}                    | ${'😀 ok'}         | ${'one line'} | ${null}
    ${'Thai with two marks on a letter'}  | ${'ที่น้ำ'}          | ${'one line'} | ${null}
    ${'four marks on a letter'}           | ${'Ze\u0301\u0302\u0303\u0304'} | ${'one line'} | ${null}
    ${'five marks on a letter ("Zalgo")'} | ${'Ze\u0301\u0302\u0303\u0304\u0305us'} | ${'lines'} | ${'U+0305, combining mark number 5 on one letter, at character 7'}
  `('given $what ($lines), then the first character no reader should get is $found', ({ text, lines, found }) => {
    expect(unshownCharacter(text, lines)).toBe(found);
  });

  it('given any typed text, then it passes, on one line or with lines', () => {
    fc.assert(fc.property(typed, (text) => unshownCharacter(text, 'one line') === null && unshownCharacter(text, 'lines') === null));
  });

  it('given any typed text with one unshown character put anywhere, then that character is found, at its place', () => {
    fc.assert(
      fc.property(typed, typed, fc.constantFrom(...UNSHOWN), (before, after, bad) => {
        // The typed units are whole characters (an emoji's pair included), so a lone surrogate stays lone.
        const text = `${before}${bad}${after}`;
        const found = unshownCharacter(text, 'lines');
        return found !== null && found.startsWith(`U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) && found.endsWith(`at character ${before.length + 1}`);
      }),
    );
  });

  it('given text typed on any system, then CRLF and lone CRs are kept as line feeds', () => {
    expect(withLineFeeds('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});

describe('a text (or a name) made only of characters no reader sees (ADR 0070)', () => {
  const nothing = (code: string, at = 1) => `${code}, an invisible character, at character ${at}, and nothing visible: write something readers can see`;
  it.each`
    what                                 | text                          | found
    ${'zero-width spaces'}               | ${'\u200B\u200B'}              | ${nothing('U+200B')}
    ${'Hangul fillers (letters)'}        | ${'\u3164\u3164\u3164'}        | ${nothing('U+3164')}
    ${'Braille blanks'}                  | ${'\u2800\u2800'}              | ${nothing('U+2800')}
    ${'tag characters'}                  | ${'\u{E0041}\u{E0042}'}        | ${nothing('U+E0041')}
    ${'spaces around a filler'}          | ${'  \u3164 '}                 | ${nothing('U+3164', 3)}
    ${'a word with a zero-width space'}  | ${'Spring\u200BCup'}            | ${null}
    ${'a family emoji (joined by U+200D)'} | ${'👩‍👩‍👧'}                      | ${null}
    ${'spaces only (left to length rules)'} | ${'   '}                     | ${null}
  `('given $what, then $found', ({ text, found }) => {
    expect(unshownCharacter(text, 'one line')).toBe(found);
  });

  it('given a name with an invisible letter anywhere, then it is named', () => {
    expect(invisibleCharacter('ann\u3164')).toBe('U+3164, an invisible character, at character 4');
    expect(invisibleCharacter('ann')).toBeNull();
  });
});
