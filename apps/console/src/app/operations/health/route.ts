import { apiUrl } from '@/data/api-url';

export const dynamic = 'force-dynamic';

/**
 * The API's own `/health` (readiness, public there too) for the operators' page, read by the console's server:
 * the browser only ever talks to the console. An API that does not answer is 502 `unreachable`.
 */
export async function GET(): Promise<Response> {
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  try {
    const answer = await fetch(`${apiUrl()}/health`, { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
    return new Response(await answer.text(), { status: answer.status, headers });
  } catch {
    return new Response(JSON.stringify({ status: 'unreachable', ready: false }), { status: 502, headers });
  }
}
