/** The API's long-lived threads, by the names they report their memory under. */
export const API_THREADS = ['sqlite-writer', 'projections', 'cpu-seats'] as const;
export type ApiThread = (typeof API_THREADS)[number];

/**
 * THREADS_IN_PROCESS: a comma-separated list of API_THREADS whose work runs on the main thread instead of its own
 * (empty or unset: none). For measuring what each thread buys (bench:api --in-process), not for production.
 * Returns the names, or what is wrong with the value.
 */
export function parseThreadsInProcess(value: string | undefined): ApiThread[] | { readonly error: string } {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(API_THREADS as readonly string[]).includes(name));
  if (unknown.length > 0) return { error: `unknown thread ${unknown.map((n) => JSON.stringify(n)).join(', ')}: expected a comma-separated list of ${API_THREADS.join(', ')}` };
  return [...new Set(names)] as ApiThread[];
}
