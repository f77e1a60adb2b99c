import { clientAddress, parseTrustProxy, type TrustProxy } from './client-address';

/** A request as the edge thread's server sees it: the TCP peer and the headers it sent. */
const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as never;
const addressOf = (trust: TrustProxy, peer: string, forwarded?: string) => clientAddress(trust)(request(peer, forwarded));
/** The same with `Forwarded` lines (RFC 7239), and X-Forwarded-For too when given. */
const viaForwarded = (trust: TrustProxy, peer: string, lines: string[], xff?: string) =>
  clientAddress(trust)({ socket: { remoteAddress: peer }, headers: { forwarded: lines.join(', '), ...(xff === undefined ? {} : { 'x-forwarded-for': xff }) }, headersDistinct: { forwarded: lines } } as never);

describe('TRUST_PROXY', () => {
  it('given nothing (or false, off, 0), then no X-Forwarded-For is believed', () => {
    for (const off of [undefined, '', ' ', 'false', 'off', '0']) expect(parseTrustProxy(off)).toBeNull();
  });

  it('given a hop count or a list of addresses, ranges and named ranges, then that is whom it trusts', () => {
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('loopback, 10.0.0.0/8,192.0.2.7, fd00::/8')).toEqual({ addresses: ['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8'] });
  });

  it('given true, junk, a bad range or an empty entry, then the error names the entry and what is expected', () => {
    expect(() => parseTrustProxy('true')).toThrow("'true' would believe every client's own X-Forwarded-For");
    expect(() => parseTrustProxy('17')).toThrow('at most 16');
    for (const bad of ['proxy.internal', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,,10.0.0.2', '-1']) {
      expect(() => parseTrustProxy(bad)).toThrow(/is not an IP address, a CIDR range .* expected off, a hop count or a comma-separated list/);
    }
    expect(() => parseTrustProxy('10.0.0.1, nope')).toThrow("'nope' is not an IP address");
  });
});

describe('the client address', () => {
  it('given no trusted proxy, when a peer sends X-Forwarded-For, then the peer is the client', () => {
    expect(addressOf(null, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('given trusted proxy addresses, then a trusted peer names the client and an untrusted peer does not', () => {
    const trust = parseTrustProxy('10.0.0.0/8');
    expect(addressOf(trust, '10.1.2.3', '198.51.100.1')).toBe('198.51.100.1');
    expect(addressOf(trust, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    // The client's own entries before the trusted proxies' are not believed: the first untrusted hop is the client.
    expect(addressOf(trust, '10.1.2.3', '6.6.6.6, 198.51.100.1, 10.9.9.9')).toBe('198.51.100.1');
    // A dual-stack socket's IPv4-mapped peer matches its IPv4 range.
    expect(addressOf(trust, '::ffff:10.1.2.3', '198.51.100.1')).toBe('198.51.100.1');
    expect(addressOf(trust, '10.1.2.3')).toBe('10.1.2.3');
  });

  it('given a hop count, then that many nearest hops are trusted whatever their addresses', () => {
    expect(addressOf({ hops: 1 }, '203.0.113.7', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(addressOf({ hops: 2 }, '203.0.113.7', '6.6.6.6, 198.51.100.1')).toBe('6.6.6.6');
    expect(addressOf({ hops: 3 }, '203.0.113.7', '6.6.6.6, 198.51.100.1')).toBe('6.6.6.6');
  });

  it('given a trusted proxy passing on an entry that is not an address, then the nearest vouched-for address is the client', () => {
    expect(addressOf({ hops: 2 }, '203.0.113.7', 'junk, 198.51.100.1')).toBe('198.51.100.1');
    expect(addressOf({ hops: 1 }, '203.0.113.7', 'unknown')).toBe('203.0.113.7');
  });
});

describe('the client address from Forwarded (RFC 7239)', () => {
  const trust = parseTrustProxy('10.0.0.0/8');

  it('given no trusted proxy, then Forwarded is ignored like X-Forwarded-For', () => {
    expect(viaForwarded(null, '203.0.113.7', ['for=198.51.100.1'])).toBe('203.0.113.7');
    expect(viaForwarded(trust, '203.0.113.7', ['for=198.51.100.1'])).toBe('203.0.113.7');
  });

  it('given a trusted proxy, then its for= node is the client: IPv4 with a port, quoted IPv6 in brackets with a port', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for=198.51.100.1;proto=https;by=10.1.2.3'])).toBe('198.51.100.1');
    expect(viaForwarded(trust, '10.1.2.3', ['For="198.51.100.1:47011"'])).toBe('198.51.100.1');
    expect(viaForwarded(trust, '10.1.2.3', ['for="[2001:db8:cafe::17]:4711"'])).toBe('2001:db8:cafe::17');
  });

  it('given several elements or several header lines, then they are walked from the nearest hop, as X-Forwarded-For', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for=6.6.6.6, for=198.51.100.1, for=10.9.9.9'])).toBe('198.51.100.1');
    expect(viaForwarded(trust, '10.1.2.3', ['for=6.6.6.6', 'for=198.51.100.1', 'for=10.9.9.9'])).toBe('198.51.100.1');
    expect(viaForwarded({ hops: 2 }, '203.0.113.7', ['for=6.6.6.6, for=198.51.100.1'])).toBe('6.6.6.6');
  });

  it('given an obfuscated or unknown node, or an element the proxy could not have written, then the nearest vouched-for address is the client', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for=_hidden'])).toBe('10.1.2.3');
    expect(viaForwarded(trust, '10.1.2.3', ['for=unknown, for=10.9.9.9'])).toBe('10.9.9.9');
    expect(viaForwarded({ hops: 2 }, '203.0.113.7', ['for="_SEVKISEK", for=198.51.100.1'])).toBe('198.51.100.1');
    expect(viaForwarded(trust, '10.1.2.3', ['for=198.51.100.1;for=6.6.6.6'])).toBe('10.1.2.3');
  });

  it('given a client’s unterminated quote in its own line, then the line its proxy added is still read', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for="6.6.6.6', 'for=198.51.100.1'])).toBe('198.51.100.1');
  });

  it('given both headers naming the same client, then that is the client', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for=198.51.100.1'], '198.51.100.1')).toBe('198.51.100.1');
  });

  it('given both headers naming different clients (one set by the proxy, one the client’s own), then neither: the last hop both name', () => {
    expect(viaForwarded(trust, '10.1.2.3', ['for=6.6.6.6'], '198.51.100.1')).toBe('10.1.2.3');
    expect(viaForwarded(trust, '10.1.2.3', ['for=198.51.100.1'], '6.6.6.6')).toBe('10.1.2.3');
    expect(viaForwarded({ hops: 2 }, '203.0.113.7', ['for=6.6.6.6, for=10.0.0.5'], '198.51.100.1, 10.0.0.5')).toBe('10.0.0.5');
  });
});
