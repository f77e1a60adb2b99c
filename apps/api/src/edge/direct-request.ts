import type { IncomingMessage } from 'node:http';

/**
 * Whether a request takes the direct GraphQL route (a plain JSON POST to `path` within the body limit, ADR 0021):
 * a compressed body or one without a length goes the Express way (which inflates it, counts it as it arrives and
 * refuses it with 413 past the limit). A declared length over the limit never gets here (body-limit.ts).
 */
export function isDirect(req: IncomingMessage, path: string, maxBodyBytes: number): boolean {
  if (req.method !== 'POST' || req.url !== path) return false;
  const type = req.headers['content-type'] ?? '';
  const length = Number(req.headers['content-length'] ?? Number.NaN);
  const plain = (req.headers['content-encoding'] ?? 'identity') === 'identity';
  return plain && type.startsWith('application/json') && Number.isInteger(length) && length <= maxBodyBytes;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
