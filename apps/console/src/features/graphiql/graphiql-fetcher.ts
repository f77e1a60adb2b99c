import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { createClient } from 'graphql-ws';

/** The API through the console's own origin (src/proxy.ts passes `/graphql` on, websockets too). */
const GRAPHQL_PATH = '/graphql';

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

/**
 * GraphiQL's fetcher with the session's token, read at each request (a renewed token is used at once): an
 * Authorization header the reader typed in the headers editor wins. Subscriptions go over graphql-ws, whose
 * connection takes the token as the console's own socket does.
 */
export function sessionFetcher(token: () => string | null): Fetcher {
  const withToken: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    const current = token();
    if (current && !headers.has('authorization')) headers.set('authorization', `Bearer ${current}`);
    return fetch(input, { ...init, headers });
  };
  const wsClient = createClient({
    url: socketUrl(),
    lazy: true,
    connectionParams: () => {
      const current = token();
      return current ? { authorization: `Bearer ${current}` } : {};
    },
  });
  return createGraphiQLFetcher({ url: GRAPHQL_PATH, fetch: withToken, wsClient });
}
