/**
 * The idle times the create form offers (seconds): a quick public table to a day's wait for friends. A default
 * server (30 minutes under a day's ceiling) offers all of them.
 */
export const IDLE_CHOICES: readonly number[] = [5 * 60, 15 * 60, 30 * 60, 3600, 2 * 3600, 4 * 3600, 8 * 3600, 24 * 3600];

/** What the server lets a host choose (`lobbyIdleTimes`): its default (null: never) and the longest. */
export interface IdleTimes {
  readonly defaultSeconds: number | null;
  readonly maxSeconds: number;
}

/**
 * The choices to list after "the server's default" (sent as none): those the server accepts (up to its ceiling),
 * shorter or longer than the default, without the one the default already is. Before the server has said, none:
 * the default only.
 */
export function idleChoices(times: IdleTimes | null | undefined): number[] {
  if (!times) return [];
  return IDLE_CHOICES.filter((seconds) => seconds <= times.maxSeconds && seconds !== times.defaultSeconds);
}

/** An idle time in the largest whole unit that fits, for the catalogue's plurals: 7200 → 2 hours, 86400 → 1 day. */
export function durationOf(seconds: number): { readonly unit: 'days' | 'hours' | 'minutes' | 'seconds'; readonly count: number } {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return { unit: 'days', count: seconds / 86_400 };
  if (seconds >= 3600 && seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  if (seconds >= 60 && seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}
