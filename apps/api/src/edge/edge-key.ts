import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The header by which the edge thread vouches for the `X-Forwarded-For` it sets on a request it proxies to the main
 * thread's Express (ADR 0049). Express listens on a loopback port that any local process can reach: without this,
 * a local process could name any client address it liked, and take another's rate-limit bucket or escape its own.
 */
export const EDGE_KEY_HEADER = 'x-liars-dice-edge-key';

/**
 * Headers by which a proxy tells the next hop about the client (its address, scheme, host, port). Express believes
 * X-Forwarded-For, -Proto and -Host from a trusted hop (`req.ip`, `req.protocol`, `req.hostname`); the edge thread
 * passes none of them on as the client sent them, and Express keeps none from a caller without the key.
 */
export function isForwardingHeader(name: string): boolean {
  return name === 'forwarded' || name.startsWith('x-forwarded-') || name === 'x-real-ip';
}

/** A fresh key per process: only the edge thread (given it in its settings) and the main thread know it. */
export function newEdgeKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Keeps the forwarding headers (the edge thread sends X-Forwarded-For alone) only on a request carrying this
 * process's key, and drops the key: any other caller of the loopback port is its socket's own address, scheme and
 * Host, whatever it says. Mutates the headers (Express middleware's way).
 */
export function believeOnlyTheEdge(key: string): (req: { headers: IncomingHttpHeaders }, res: unknown, next: () => void) => void {
  const expected = Buffer.from(key);
  return (req, _res, next) => {
    const given = req.headers[EDGE_KEY_HEADER];
    const presented = typeof given === 'string' ? Buffer.from(given) : null;
    if (!presented || presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      for (const name of Object.keys(req.headers)) if (isForwardingHeader(name)) delete req.headers[name];
    }
    delete req.headers[EDGE_KEY_HEADER];
    next();
  };
}
