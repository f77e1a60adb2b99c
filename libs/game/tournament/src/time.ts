export const DAY_MS = 86_400_000;

/**
 * A time in milliseconds as ISO-8601 UTC text, by calendar arithmetic (Hinnant's days-to-civil): the domain
 * never constructs a Date, so it never reads a clock by accident.
 */
export function isoTime(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const clock = [Math.floor(rest / 3_600_000), Math.floor(rest / 60_000) % 60, Math.floor(rest / 1000) % 60].map((n) => pad(n)).join(':');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${clock}.${pad(rest % 1000, 3)}Z`;
}
