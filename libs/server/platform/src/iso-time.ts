import { Refusal } from './errors';

/** Epoch ms (as events and read models store time), as the ISO-8601 text the API shows. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * ISO-8601 as the API takes it: a date (`2027-03-01`, midnight UTC) or a date and time with an optional offset
 * (`2027-03-01T18:00:00Z`, `…T18:00+01:00`; without an offset it is UTC), years 1970 to 9999. `Date.parse`
 * alone takes `1`, `March 7`, `+275760-09-13T00:00:00Z` and other texts nobody means as a time (ADR 0031).
 */
const ISO_TIME = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether the text's date is on the calendar (`Date.parse` takes 2027-02-30 as 2 March). */
function onTheCalendar(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO-8601 argument as epoch ms; refused naming the argument when it is not one. */
export function parseTime(value: string | null | undefined, field: string): number | null {
  if (!value) return null;
  const text = value.replace(' ', 'T');
  // A date and time without an offset is UTC, as a date alone is (Date.parse would read it as the host's time).
  const ms = ISO_TIME.test(value) && onTheCalendar(value) ? Date.parse(text.length > 10 && !HAS_OFFSET.test(text) ? `${text}Z` : text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new Refusal('BAD_USER_INPUT', `${field}: expected an ISO-8601 time (2027-03-01T18:00:00Z), years 1970 to 9999`, field);
  return ms;
}
