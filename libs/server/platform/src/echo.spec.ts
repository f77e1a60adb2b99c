import { echoed, withQuotesEchoed } from './echo';

describe('what a refusal repeats of the input', () => {
  it('given input within the limit, then it is repeated whole', () => {
    expect(echoed('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('given longer input, then the first 64 characters and an ellipsis', () => {
    expect(echoed('y'.repeat(10_000))).toBe(`${'y'.repeat(64)}…`);
  });

  it('given a cut inside a surrogate pair or after an escape backslash, then the half is dropped', () => {
    expect(echoed(`${'a'.repeat(63)}😀tail`)).toBe(`${'a'.repeat(63)}…`);
    expect(echoed(`${'a'.repeat(63)}\\"more`)).toBe(`${'a'.repeat(63)}…`);
    expect(echoed(`${'a'.repeat(62)}\\\\more`)).toBe(`${'a'.repeat(62)}\\\\…`);
  });

  it('given a GraphQL message repeating a long value, then each quoted literal is capped and the rest kept', () => {
    const long = 'Z'.repeat(300);
    const message = `Variable "$f" got invalid value "${long}" at "f.status"; Value "${long}" does not exist in "MatchStatus" enum.`;
    const capped = `"${'Z'.repeat(64)}…"`;
    expect(withQuotesEchoed(message)).toBe(`Variable "$f" got invalid value ${capped} at "f.status"; Value ${capped} does not exist in "MatchStatus" enum.`);
  });

  it('given quoted literals with escaped quotes, then the escapes stay whole', () => {
    const value = `\\"${'q'.repeat(100)}`;
    expect(withQuotesEchoed(`Value "${value}" is bad`)).toBe(`Value "\\"${'q'.repeat(62)}…" is bad`);
  });
});
