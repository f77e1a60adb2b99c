import { Refusal } from './errors';
import { parseTime } from './iso-time';

describe('times the API takes (ISO-8601, ADR 0031)', () => {
  it.each`
    text                               | ms
    ${'2027-03-01'}                    | ${Date.UTC(2027, 2, 1)}
    ${'2027-03-01T18:00:00Z'}          | ${Date.UTC(2027, 2, 1, 18)}
    ${'2027-03-01T18:00:00.123Z'}      | ${Date.UTC(2027, 2, 1, 18, 0, 0, 123)}
    ${'2027-03-01T18:00'}              | ${Date.UTC(2027, 2, 1, 18)}
    ${'2027-03-01 18:00:00+01:00'}     | ${Date.UTC(2027, 2, 1, 17)}
    ${'2027-03-01T18:00:00+0100'}      | ${Date.UTC(2027, 2, 1, 17)}
    ${'2028-02-29T00:00:00Z'}          | ${Date.UTC(2028, 1, 29)}
  `('given $text, then it is $ms (UTC when no offset is given)', ({ text, ms }) => {
    expect(parseTime(text, 'startsAt')).toBe(ms);
  });

  it.each([
    ['the last year a Date holds', '+275760-09-13T00:00:00Z'],
    ['a number', '1'],
    ['words', 'March 7, 2027'],
    ['a day off the calendar', '2027-02-30'],
    ['a month off the calendar', '2027-13-01'],
    ['an hour off the clock', '2027-03-01T25:00:00Z'],
    ['before 1970', '1969-12-31T23:59:59Z'],
    ['a year of five digits', '20270-03-01'],
  ])('given %s (%s), then it is refused naming the argument', (_what, text) => {
    expect(() => parseTime(text, 'startsAt')).toThrow(new Refusal('BAD_USER_INPUT', 'startsAt: expected an ISO-8601 time (2027-03-01T18:00:00Z), years 1970 to 9999', 'startsAt'));
  });

  it('given nothing, then there is no time', () => {
    expect(parseTime(null, 'registrationOpensAt')).toBeNull();
    expect(parseTime('', 'registrationOpensAt')).toBeNull();
  });
});
