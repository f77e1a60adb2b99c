import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;

beforeAll(async () => {
  server = await startTestApi();
});
afterAll(() => server.stop());

interface Raw {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: string;
}

/** A POST written in chunks without a content-length: the direct route leaves it to Express. */
function postChunked(url: string, body: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    req.end(body.slice(10));
  });
}

async function postWithLength(url: string, body: string): Promise<Raw> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, type: response.headers.get('content-type') ?? undefined, body: await response.text() };
}

describe('GraphQL POSTs served straight to Apollo', () => {
  it('given the same operation with and without a content-length, then both routes answer the same', async () => {
    const body = JSON.stringify({ query: 'query Who($id: ID!) { match(id: $id) { id } }', variables: { id: 'nope' } });
    const direct = await postWithLength(server.api.graphqlUrl, body);
    const viaExpress = await postChunked(server.api.graphqlUrl, body);
    expect(direct).toEqual(viaExpress);
    expect(JSON.parse(direct.body).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('given a gzip-compressed body, then Express inflates it and the answer is the plain one', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const response = await fetch(server.api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(body) });
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('given a body that is not JSON, then it is refused with 400 and the server keeps serving', async () => {
    const refused = await postWithLength(server.api.graphqlUrl, '{"query": ');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors[0].extensions.code).toBe('BAD_REQUEST');
    const next = await postWithLength(server.api.graphqlUrl, JSON.stringify({ query: '{ __typename }' }));
    expect(JSON.parse(next.body)).toEqual({ data: { __typename: 'Query' } });
  });

  it('given a POST without a JSON content type, then Apollo still refuses it as a possible CSRF', async () => {
    const response = await fetch(server.api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{ __typename }"}' });
    expect(response.status).toBe(400);
  });
});
