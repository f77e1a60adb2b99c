import { decodeFromEdge, decodeToEdge, encodeFromEdge, encodeToEdge, type FromEdge, Outbox, type ToEdge } from './edge-protocol';

const numbers = (value: number, into: unknown[]): void => void into.push(value);

describe('Outbox', () => {
  it('given three messages in one run, then they are posted once, together, in order, when the run ends', async () => {
    const posts: unknown[][] = [];
    const outbox = new Outbox<number>((batch) => posts.push(batch), numbers);
    outbox.push(1);
    outbox.push(2);
    outbox.push(3);
    expect(posts).toEqual([]);
    await Promise.resolve();
    expect(posts).toEqual([[1, 2, 3]]);
  });

  it('given messages in two runs, then each run is its own post', async () => {
    const posts: unknown[][] = [];
    const outbox = new Outbox<number>((batch) => posts.push(batch), numbers);
    outbox.push(1);
    await Promise.resolve();
    outbox.push(2);
    await Promise.resolve();
    expect(posts).toEqual([[1], [2]]);
  });

  it('given a flush, then what waits is posted at once and not again when the run ends', async () => {
    const posts: unknown[][] = [];
    const outbox = new Outbox<number>((batch) => posts.push(batch), numbers);
    outbox.push(1);
    outbox.flush();
    expect(posts).toEqual([[1]]);
    await Promise.resolve();
    expect(posts).toEqual([[1]]);
  });
});

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
      { k: 'open', sid: 1, protocol: 'graphql-transport-ws', ip: '10.0.0.1', headers: { host: 'x' } },
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
