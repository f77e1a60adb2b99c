import { metricsRefusal } from './health.controller';

const TOKEN = 'metrics-token-0123456789';

describe('who may read /metrics', () => {
  it('given no METRICS_TOKEN, then callers on this host may, others get 403', () => {
    for (const local of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) expect(metricsRefusal(undefined, undefined, local)).toBeNull();
    for (const remote of ['203.0.113.7', '::ffff:10.0.0.1', '2001:db8::1', undefined]) expect(metricsRefusal(undefined, undefined, remote)?.getStatus()).toBe(403);
  });

  it('given METRICS_TOKEN, then only its bearer may, from anywhere; no token or another is 401', () => {
    expect(metricsRefusal(TOKEN, `Bearer ${TOKEN}`, '203.0.113.7')).toBeNull();
    for (const sent of [undefined, '', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer nope']) expect(metricsRefusal(TOKEN, sent, '127.0.0.1')?.getStatus()).toBe(401);
  });
});
