import { believeOnlyTheEdge, EDGE_KEY_HEADER, newEdgeKey } from './edge-key';

const KEY = newEdgeKey();

function passed(headers: Record<string, string | string[]>): Record<string, unknown> {
  const req = { headers: { ...headers } };
  let next = false;
  believeOnlyTheEdge(KEY)(req, null, () => void (next = true));
  expect(next).toBe(true);
  return req.headers;
}

describe('the loopback port believes the edge thread only', () => {
  it('given the edge thread’s key, then its X-Forwarded-For is kept and the key dropped', () => {
    expect(passed({ [EDGE_KEY_HEADER]: KEY, 'x-forwarded-for': '198.51.100.1', host: 'h' })).toEqual({ 'x-forwarded-for': '198.51.100.1', host: 'h' });
  });

  it('given no key, a wrong key or a key of another length, then the caller’s X-Forwarded-For is dropped', () => {
    for (const key of [undefined, newEdgeKey(), `${KEY}x`, KEY.slice(1), [KEY, KEY]]) {
      const headers: Record<string, string | string[]> = { 'x-forwarded-for': '6.6.6.6' };
      if (key !== undefined) headers[EDGE_KEY_HEADER] = key;
      expect(passed(headers)).toEqual({});
    }
  });

  it('given no key, then every forwarding header is dropped, so Express takes the scheme and host from the hop itself', () => {
    const spoofed = { forwarded: 'for=6.6.6.6;proto=https', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '443', 'x-real-ip': '6.6.6.6', host: 'h' };
    expect(passed(spoofed)).toEqual({ host: 'h' });
  });

  it('given two processes, then their keys differ', () => {
    expect(newEdgeKey()).not.toBe(KEY);
    expect(KEY).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
