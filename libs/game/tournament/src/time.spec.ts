import { isoTime } from './time';

describe('isoTime (calendar arithmetic, no Date)', () => {
  it.each`
    ms                   | text                           | source
    ${0}                 | ${'1970-01-01T00:00:00.000Z'}  | ${'the epoch'}
    ${951_782_400_123}   | ${'2000-02-29T00:00:00.123Z'}  | ${'a leap day in a year divisible by 400'}
    ${1_709_251_199_999} | ${'2024-02-29T23:59:59.999Z'}  | ${'the last millisecond of a leap day'}
    ${1_735_689_599_000} | ${'2024-12-31T23:59:59.000Z'}  | ${'the end of a leap year'}
    ${4_102_444_800_000} | ${'2100-01-01T00:00:00.000Z'}  | ${'after 2100-02-28: 2100 is not a leap year'}
  `('$ms → $text ($source; values from Python’s datetime)', ({ ms, text }) => {
    expect(isoTime(ms)).toBe(text);
  });
});
