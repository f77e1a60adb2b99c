import { type NextRequest, NextResponse } from 'next/server';
import { apiUrl } from './data/api-url';

/**
 * The browser talks to one origin: `/graphql` (HTTP and the graphql-ws websocket) is passed on to the API,
 * whose address is read at run time (`CONSOLE_API_URL`), so one build serves any API.
 */
export function proxy(request: NextRequest): NextResponse {
  return NextResponse.rewrite(new URL(`/graphql${request.nextUrl.search}`, apiUrl()));
}

export const config = { matcher: '/graphql' };
