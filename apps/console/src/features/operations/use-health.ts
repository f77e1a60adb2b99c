'use client';

import { useEffect, useState } from 'react';

/** The API's `/health` body as the operators' page reads it (fields it lacks stay null). */
export interface Health {
  readonly status: string;
  readonly ready: boolean;
  readonly httpStatus: number;
  readonly store: string | null;
  readonly matches: number | null;
  readonly catalogLagMs: number | null;
  readonly projectionsLagMs: number | null;
  readonly failed: readonly string[];
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function healthOf(httpStatus: number, body: unknown): Health {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const part = (key: string) => (typeof b[key] === 'object' && b[key] !== null ? (b[key] as Record<string, unknown>) : {});
  const failed = part('projections')['failed'];
  return {
    status: typeof b['status'] === 'string' ? b['status'] : 'unreachable',
    ready: b['ready'] === true,
    httpStatus,
    store: typeof b['store'] === 'string' ? b['store'] : null,
    matches: num(b['matches']),
    catalogLagMs: num(part('catalog')['lagMs']),
    projectionsLagMs: num(part('projections')['lagMs']),
    failed: Array.isArray(failed) ? failed.filter((f): f is string => typeof f === 'string') : [],
  };
}

/** `/health` through the console (src/app/operations/health), read now and every `everyMs`. */
export function useHealth(everyMs: number): Health | null {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const answer = await fetch('/operations/health', { cache: 'no-store' });
        const body: unknown = await answer.json().catch(() => null);
        if (!stopped) setHealth(healthOf(answer.status, body));
      } catch {
        if (!stopped) setHealth(healthOf(0, null));
      }
    };
    void read();
    const timer = setInterval(() => void read(), everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [everyMs]);
  return health;
}
