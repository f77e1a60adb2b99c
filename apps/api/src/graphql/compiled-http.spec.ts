import { type OperationDefinitionNode, parse } from 'graphql';
import { compiledHttp, type CompiledHttpSettings } from './compiled-http';

/** A route whose every query answers `data`, under a response cap of `maxResponseBytes`. */
function routeAnswering(data: unknown, maxResponseBytes: number) {
  const document = parse('{ probe }');
  const operation = document.definitions[0] as OperationDefinitionNode;
  const settings = {
    admission: { check: () => ({ schema: {}, document, operationName: null, variableValues: {}, operation }), take: () => null },
    execution: { execute: async () => ({ data }) },
    context: async () => ({ principal: null, ip: '127.0.0.1' }),
    format: (formatted: unknown) => formatted,
    maxResponseBytes,
  } as unknown as CompiledHttpSettings;
  const req = { headers: {} } as never;
  return () => compiledHttp(settings).serve(req, { query: '{ probe }' });
}

describe('the compiled HTTP route\'s answer to a query', () => {
  const data = { probe: 'é'.repeat(40) };
  const json = JSON.stringify({ data });
  const bytes = Buffer.byteLength(json);

  it('given an answer exactly at the cap, then its body is that JSON, serialised once for both the cap and the body', async () => {
    // Given the cap at the answer's size in bytes (UTF-8: the é count twice)
    const serve = routeAnswering(data, bytes);
    const stringify = jest.spyOn(JSON, 'stringify');
    // When the query is served
    const answer = await serve();
    // Then it is sent whole, with Apollo's trailing newline, from a single serialisation of the result
    expect(answer?.status).toBe(200);
    expect(answer?.body).toBe(`${json}\n`);
    // and its byte length, measured for the cap, is handed on for the content-length (newline included)
    expect(answer?.bytes).toBe(Buffer.byteLength(`${json}\n`));
    expect(stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'data' in value)).toHaveLength(1);
    stringify.mockRestore();
  });

  it('given an answer one byte over the cap, then RESPONSE_TOO_LARGE replaces it, naming its size', async () => {
    const answer = await routeAnswering(data, bytes - 1)();
    const body = JSON.parse(answer?.body ?? '{}') as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions.code).toBe('RESPONSE_TOO_LARGE');
    expect(body.errors?.[0]?.message).toContain(`${bytes} bytes`);
  });
});
