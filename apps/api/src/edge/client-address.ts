import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/**
 * Whose `X-Forwarded-For` is believed (TRUST_PROXY): nobody's (null), the `hops` proxies nearest the server
 * whatever their addresses, or the proxies at these addresses, CIDR ranges or named ranges (Express's `trust
 * proxy` words and semantics, through the same proxy-addr). Plain data: it crosses to the edge thread as is.
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

type Peer = Pick<IncomingMessage, 'headers' | 'socket'>;

/**
 * The client's address for a request on the server's own socket: the TCP peer's, unless the peer is a trusted
 * proxy; then the `X-Forwarded-For` entries are walked from the nearest, and the first one not trusted is the
 * client. An entry that is not an address (a trusted proxy passing on a client's junk) is never the client:
 * the nearest address the trusted hops vouched for is used instead.
 */
export function clientAddress(trust: TrustProxy): (req: Peer) => string | undefined {
  if (!trust) return (req) => req.socket.remoteAddress;
  const hops = 'hops' in trust ? trust.hops : 0;
  const trusted = 'addresses' in trust ? proxyaddr.compile([...trust.addresses]) : (_address: string, hop: number) => hop < hops;
  return (req) => {
    const chain = proxyaddr.all(req as IncomingMessage, trusted);
    for (let i = chain.length - 1; i > 0; i--) if (isIP(chain[i] as string)) return chain[i];
    return req.socket.remoteAddress;
  };
}
