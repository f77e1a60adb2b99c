import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The body length a request declares (`content-length`) when it is over `maxBodyBytes`; null otherwise (within
 * the limit, or no length: a chunked body is counted by Fastify as it arrives, and refused with 413 there).
 */
export function declaredOverLimit(req: IncomingMessage, maxBodyBytes: number): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  // Node itself refuses a malformed or repeated content-length (400) before a request reaches a handler.
  const length = Number(header);
  return Number.isFinite(length) && length > maxBodyBytes ? length : null;
}

/** How long the rest of a refused body is read and dropped before the socket is cut (a lingering close). */
const LINGER_MS = 2_000;

/**
 * Answers a request whose declared body is over the limit with 413 at once, in the API's GraphQL-shaped error
 * (what Fastify answers for a body that turns out too long), and closes the connection. Waiting for the body
 * would hold the socket for as long as the client cares to take (a client declaring 10 MB and sending 10 bytes
 * was never answered). The close lingers: Node would destroy the socket as soon as the answer is written, and a
 * client still sending its body would then get a reset, which can wipe out the 413 it has not read yet. So the
 * answer is followed by a half-close, what still arrives is read and dropped, and the socket is cut when the
 * client closes its side or after LINGER_MS, whichever comes first.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse, declared: number, maxBodyBytes: number): void {
  const message = `request body too large: content-length ${declared} is over the limit of ${maxBodyBytes} bytes (MAX_BODY_BYTES)`;
  const body = JSON.stringify({ errors: [{ message, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  lingerOnClose(req.socket);
  res.shouldKeepAlive = false;
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
}

/** Node's server closes a finished `connection: close` answer with `destroySoon`: here, a lingering close instead. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}
