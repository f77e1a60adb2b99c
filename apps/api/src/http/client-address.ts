import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';
import { forwardedFor } from './forwarded-header';

/**
 * Whose `X-Forwarded-For` and `Forwarded` are believed (TRUST_PROXY): nobody's (null), the `hops` proxies nearest the server
 * whatever their addresses, or the proxies at these addresses, CIDR ranges or named ranges (the `trust
 * proxy` words and semantics of Express and Fastify, through the same proxy-addr). 
 */
export type TrustProxy = { readonly hops: number } | { readonly addresses: readonly string[] } | null;

/** More proxies than this in front of one server is a typo, not a deployment. */
const MAX_HOPS = 16;
const OFF = new Set(['', 'false', 'off', '0']);

/** Reads TRUST_PROXY; a bad value throws an Error saying what is wrong and what is meant (config.ts names the setting). */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (OFF.has(value)) return null;
  if (value === 'true') throw new Error("'true' would believe every client's own X-Forwarded-For; give the number of proxies in front of the server (1, 2, …) or their addresses");
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`${hops} proxies in front of the server? at most ${MAX_HOPS}`);
    return { hops };
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    try {
      if (entry === '') throw new Error('empty');
      proxyaddr.compile(entry);
    } catch {
      throw new Error(`'${entry}' is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; expected off, a hop count or a comma-separated list of those`);
    }
  }
  return { addresses };
}

type Peer = Pick<IncomingMessage, 'headers' | 'socket'> & { readonly headersDistinct?: IncomingMessage['headersDistinct'] };
type Trusted = (address: string, hop: number) => boolean;

/**
 * The client's address for a request on the server's own socket: the TCP peer's, unless the peer is a trusted
 * proxy; then the forwarded chain is walked from the nearest hop, and the first one not trusted is the client.
 * An entry that is not an address (a trusted proxy passing on a client's junk, `unknown`, an obfuscated `_id`) is
 * never the client: the nearest address the trusted hops vouched for is used instead.
 *
 * The chain is `X-Forwarded-For` or `Forwarded` (RFC 7239), whichever the request has. With both, a proxy may
 * have set one and passed the other on as the client sent it, and nothing says which: only what both chains
 * agree on, hop by hop from the nearest, is believed, so a client that sends the header its proxy does not set
 * gets no further than the last hop both name (at worst the proxy's own address), never an address of its choice.
 */
export function clientAddress(trust: TrustProxy): (req: Peer) => string | undefined {
  if (!trust) return (req) => req.socket.remoteAddress;
  const trusted = isTrusted(trust);
  return (req) => {
    const viaXff = req.headers['x-forwarded-for'] === undefined ? null : proxyaddr.all(req as IncomingMessage, trusted);
    const lines = forwardedLines(req);
    const viaForwarded = lines === null ? null : walk([req.socket.remoteAddress as string, ...forwardedFor(lines).reverse()], trusted);
    const chain = viaXff && viaForwarded ? agreed(viaXff, viaForwarded) : (viaXff ?? viaForwarded);
    if (chain) for (let i = chain.length - 1; i > 0; i--) if (isIP(chain[i] as string)) return chain[i];
    return req.socket.remoteAddress;
  };
}

/** Whether the hop `hop` away (0: the TCP peer) at `address` is a proxy TRUST_PROXY names: Fastify's `trustProxy` function. */
export function isTrusted(trust: TrustProxy): Trusted {
  if (!trust) return () => false;
  if ('addresses' in trust) return proxyaddr.compile([...trust.addresses]);
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** Each `Forwarded` line as sent (Node joins repeated lines with ", " in `headers`; `headersDistinct` keeps them apart). */
function forwardedLines(req: Peer): readonly string[] | null {
  const distinct = req.headersDistinct?.['forwarded'];
  if (distinct) return distinct;
  const joined = req.headers['forwarded'];
  return joined === undefined ? null : [joined];
}

/** The chain (peer first) cut after its first untrusted hop, as proxy-addr walks X-Forwarded-For. */
function walk(chain: string[], trusted: Trusted): string[] {
  for (let i = 0; i < chain.length - 1; i++) {
    if (!trusted(chain[i] as string, i)) return chain.slice(0, i + 1);
  }
  return chain;
}

/** The hops both walked chains name alike, from the peer outwards. */
function agreed(one: readonly string[], other: readonly string[]): readonly string[] {
  let same = 0;
  while (same < one.length && same < other.length && one[same] === other[same]) same++;
  return one.slice(0, same);
}
