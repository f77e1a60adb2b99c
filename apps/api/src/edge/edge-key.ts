import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The header by which the edge thread vouches for the `X-Forwarded-For` it sets on a request it proxies to the main
 * thread's Express (ADR 0049). Express listens on a loopback port that any local process can reach: without this,
 * a local process could name any client address it liked, and take another's rate-limit bucket or escape its own.
 */
export const EDGE_KEY_HEADER = 'x-liars-dice-edge-key';

/** A fresh key per process: only the edge thread (given it in its settings) and the main thread know it. */
export function newEdgeKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Keeps the forwarded address only on a request carrying this process's key, and drops the key: any other caller of
 * the loopback port is its socket's own address, whatever it says. Mutates the headers (Express middleware's way).
 */
export function believeOnlyTheEdge(key: string): (req: { headers: IncomingHttpHeaders }, res: unknown, next: () => void) => void {
  const expected = Buffer.from(key);
  return (req, _res, next) => {
    const given = req.headers[EDGE_KEY_HEADER];
    const presented = typeof given === 'string' ? Buffer.from(given) : null;
    if (!presented || presented.length !== expected.length || !timingSafeEqual(presented, expected)) delete req.headers['x-forwarded-for'];
    delete req.headers[EDGE_KEY_HEADER];
    next();
  };
}
