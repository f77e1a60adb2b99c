import { decodeFromEdge, decodeToEdge, encodeFromEdge, encodeToEdge, type FromEdge, type ToEdge } from './edge-protocol';

describe('the edge protocol on the wire', () => {
  it('given every message to the edge thread, then a flat batch decodes to the same messages in order', () => {
    const messages: ToEdge[] = [
      { k: 'send', sid: 7, text: '{"type":"next"}' },
      { k: 'answer', id: 3, status: 401, headers: [['www-authenticate', 'Bearer'], ['content-type', 'application/json; charset=utf-8']], body: '{"errors":[]}\n' },
      { k: 'close', sid: 7, code: 4401, reason: 'the token has expired; sign in again' },
      { k: 'answer', id: 4, status: 200, headers: [], body: '' },
    ];
    const batch: unknown[] = [];
    for (const message of messages) encodeToEdge(message, batch);
    expect(batch.every((value) => typeof value === 'string' || typeof value === 'number')).toBe(true);
    expect(decodeToEdge(structuredClone(batch))).toEqual(messages);
  });

  it('given every message from the edge thread, then a batch decodes to the same messages in order', () => {
    const messages: FromEdge[] = [
      { k: 'open', sid: 1, protocol: 'graphql-transport-ws', ip: '10.0.0.1' },
      { k: 'message', sid: 1, text: '{"type":"connection_init"}' },
      { k: 'http', id: 2, body: '{"query":"{ a }"}', headers: { authorization: 'Bearer t' }, ip: undefined, received: 1.5 },
      { k: 'warn', fields: { code: 'WS_ERR' }, message: 'closed' },
      { k: 'closed', sid: 1, code: 1000, reason: '' },
    ];
    const batch: unknown[] = [];
    for (const message of messages) encodeFromEdge(message, batch);
    expect(decodeFromEdge(structuredClone(batch))).toEqual(messages);
  });
});
