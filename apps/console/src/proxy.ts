import { type NextRequest, NextResponse } from 'next/server';

/**
 * The browser talks to one origin: `/graphql` (HTTP and the graphql-ws websocket) is passed on to the API,
 * whose address is read at run time (`CONSOLE_API_URL`), so one build serves any API.
 */
export function proxy(request: NextRequest): NextResponse {
  const api = process.env['CONSOLE_API_URL'] ?? 'http://127.0.0.1:4000';
  return NextResponse.rewrite(new URL(`/graphql${request.nextUrl.search}`, api));
}

export const config = { matcher: '/graphql' };
