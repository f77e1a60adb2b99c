import { isIP } from 'node:net';
import fc from 'fast-check';
import { forwardedFor } from './forwarded-header';

describe('the Forwarded header (RFC 7239)', () => {
  it('given the RFC’s own examples, then each element’s for= node is read, without port or brackets', () => {
    expect(forwardedFor(['for="_gazonk"'])).toEqual(['_gazonk']);
    expect(forwardedFor(['For="[2001:db8:cafe::17]:4711"'])).toEqual(['2001:db8:cafe::17']);
    expect(forwardedFor(['for=192.0.2.60;proto=http;by=203.0.113.43'])).toEqual(['192.0.2.60']);
    expect(forwardedFor(['for=192.0.2.43, for=198.51.100.17'])).toEqual(['192.0.2.43', '198.51.100.17']);
    expect(forwardedFor(['for=192.0.2.43,for="[2001:db8:cafe::17]",for=unknown'])).toEqual(['192.0.2.43', '2001:db8:cafe::17', 'unknown']);
    expect(forwardedFor(['for="192.0.2.43:_port";by=_hidden'])).toEqual(['192.0.2.43']);
  });

  it('given several lines, then their elements in order', () => {
    expect(forwardedFor(['for=192.0.2.1', 'for=192.0.2.2, for=192.0.2.3'])).toEqual(['192.0.2.1', '192.0.2.2', '192.0.2.3']);
  });

  it('given quoted values holding commas, semicolons and escapes, then they do not split elements', () => {
    expect(forwardedFor(['host="a,b;c";for=192.0.2.1, for=192.0.2.2;proto="h\\"t"'])).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('given an element without for=, with two, malformed, or a for= that is not a node, then that element is junk (never an address)', () => {
    const junk = ['proto=https', 'for=192.0.2.1;for=192.0.2.2', 'for', 'for=', 'for=[2001:db8::1]', 'for="[2001:db8::1"', 'for="192.0.2.1:99999x"', 'for="300.1.1.1"', 'for=proxy.local', 'f r=1', 'for="192.0.2.1"x', 'for="192.0.2.1'];
    for (const element of junk) expect(forwardedFor([element])).toEqual(['']);
  });

  it('given a bare IPv6 address in quotes (as some proxies send it), then it is read', () => {
    expect(forwardedFor(['for="2001:db8::1"'])).toEqual(['2001:db8::1']);
  });

  const address = fc.oneof(fc.ipV4(), fc.ipV6().filter((ip) => isIP(ip) === 6));
  const written = fc.record({ address, port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), name: fc.constantFrom('for', 'For', 'FOR'), extra: fc.constantFrom('', ';proto=https', ';by=_edge;host="a,b;c"', 'proto=http;') });
  /** An element as a proxy writes it: brackets and quotes for IPv6 and ports, other pairs around it. */
  const element = ({ address: ip, port, name, extra }: { address: string; port?: number; name: string; extra: string }): string => {
    const node = isIP(ip) === 6 ? `"[${ip}]${port ? `:${port}` : ''}"` : port ? `"${ip}:${port}"` : ip;
    return extra.endsWith(';') ? `${extra}${name}=${node}` : `${name}=${node}${extra}`;
  };

  it('given any chain of addresses written by proxies, in one line or many, then the chain is read back in order', () => {
    fc.assert(
      fc.property(fc.array(written, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 6 }), (hops, perLine) => {
        const lines: string[] = [];
        for (let i = 0; i < hops.length; i += perLine) lines.push(hops.slice(i, i + perLine).map(element).join(' , '));
        expect(forwardedFor(lines)).toEqual(hops.map((hop) => hop.address));
      }),
    );
  });

  it('given any text at all, then it never throws, and every node it reads is an address, unknown, an obfuscated id or junk', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom(...'for=[]:;,"\\ _.1a2f'.split('')) }), { maxLength: 3 }), (lines) => {
        for (const node of forwardedFor(lines)) expect(isIP(node) !== 0 || /^(unknown|_[A-Za-z0-9._-]+|)$/i.test(node)).toBe(true);
      }),
    );
  });
});
