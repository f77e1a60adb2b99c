import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface GraphQLResponse<T = Record<string, unknown>> {
  readonly data?: T | null;
  readonly errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/** Every payload a client received, raw, so the leak test can inspect exactly what went over the wire. */
export class Wiretap {
  readonly payloads: string[] = [];

  record(text: string): void {
    this.payloads.push(text);
  }
}

export async function postGraphQL<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  tap?: Wiretap,
): Promise<GraphQLResponse<T> & { status: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const text = await response.text();
  tap?.record(text);
  return { status: response.status, ...(JSON.parse(text) as GraphQLResponse<T>) };
}

/** A graphql-ws client; resolves once the server accepted the connection (rejects if it refused it). */
export async function openSocket(wsUrl: string, token: string | undefined, tap?: Wiretap): Promise<Client> {
  let client!: Client;
  await new Promise<void>((resolve, reject) => {
    client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      on: {
        connected: () => resolve(),
        closed: (event) => reject(new Error(`socket closed: ${(event as { code?: number }).code}`)),
        message: (message) => tap?.record(JSON.stringify(message)),
      },
      onNonLazyError: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
    });
  });
  return client;
}

/** Collects each value a subscription pushes; `next()` waits for one matching a predicate. */
export class Feed<T> {
  readonly values: T[] = [];
  private waiters: { test: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  readonly stop: () => void;

  constructor(client: Client, query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T) {
    this.stop = client.subscribe<Record<string, unknown>>(
      { query, variables },
      {
        next: ({ data }) => {
          if (!data) return;
          const value = pick(data);
          this.values.push(value);
          for (const waiter of this.waiters.filter((w) => w.test(value))) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(value);
          }
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  }

  next(test: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
    const found = this.values.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching subscription value in time')), timeoutMs);
      this.waiters.push({ test, resolve: (v) => (clearTimeout(timer), resolve(v)) });
    });
  }
}
