import http from 'node:http';

/** Keep-alive connections for the whole load client: the bench measures the server, not TCP handshakes. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface Reply<T> {
  readonly data?: T;
  readonly errors?: readonly { message: string; extensions?: { code?: string } }[];
}

export function gql<T>(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<Reply<T>> {
  const body = JSON.stringify({ query, variables });
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (token) headers['authorization'] = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply<T>);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/**
 * The data of a reply, or null with the refusal counted by its `extensions.code` (`TRANSPORT` when the request
 * itself failed, then after a pause: a table that keeps failing must not spin).
 */
export async function dataOrCounted<T>(request: () => Promise<Reply<T>>, errors: { error(code: string): void }, pauseMs: number): Promise<T | null> {
  let reply: Reply<T>;
  try {
    reply = await request();
  } catch {
    errors.error('TRANSPORT');
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return null;
  }
  if (reply.data && !reply.errors?.length) return reply.data;
  errors.error(reply.errors?.[0]?.extensions?.code ?? 'NO_CODE');
  return null;
}
