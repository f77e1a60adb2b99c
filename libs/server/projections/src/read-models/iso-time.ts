import { Refusal } from '@liars-dice/server-platform';

/** Epoch ms the read models store, as the ISO-8601 text the API shows. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** An ISO-8601 argument as epoch ms; refused naming the argument when it is not one. */
export function parseTime(value: string | null | undefined, field: string): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new Refusal('BAD_USER_INPUT', `${field}: expected an ISO-8601 time`, field);
  return ms;
}
