import { postGraphQL } from './support/graphql-client';
import { openSocket } from './support/graphql-client';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

/**
 * What an error repeats of a request (issue #32.7, #32.9): a bounded echo whatever the value's shape, no stack or
 * RangeError text, no "Did you mean …?" in production. The same over HTTP and websockets (one formatter).
 */
type Started = Awaited<ReturnType<typeof startTestApi>>;
const MAX_MESSAGE = 300;

const firstError = async (url: string, query: string) => (await postGraphQL(url, query)).errors?.[0];

describe('error messages in development', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ MAX_QUERY_TOKENS: '20000' })));
  afterAll(() => server.stop());

  it('given a list of 300 values where one string is expected, then the message stays short and names the argument', async () => {
    const list = Array.from({ length: 300 }, (_, i) => `"value-${i}"`).join(', ');
    const error = await firstError(server.api.graphqlUrl, `{ matches(after: [${list}]) { endCursor } }`);
    expect(error?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error?.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(error?.message).toMatch(/^String cannot represent a non string value: \["value-0", "value-1".*…$/);
  });

  it('given 200 enum values where one is expected, then the message stays short', async () => {
    const values = Array.from({ length: 200 }, (_, i) => `ZZ${i}`).join(', ');
    const error = await firstError(server.api.graphqlUrl, `{ matches(filter: { status: [${values}] }) { endCursor } }`);
    expect(error?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error?.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  });

  it('given a list literal 5,000 deep, then it is refused in words as the client’s fault, never with the RangeError', async () => {
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    for (const answer of [await firstError(server.api.graphqlUrl, `{ matches(after: ${deep}) { endCursor } }`), await overSocket(server, `{ matches(after: ${deep}) { endCursor } }`)]) {
      expect(answer?.message).not.toMatch(/call stack|RangeError|at .*\.js/);
      expect(answer?.extensions?.['code']).toMatch(/^(BAD_USER_INPUT|GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED)$/);
      expect(answer?.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    }
  });

  it('given a misspelt field outside production, then GraphQL’s suggestion helps', async () => {
    expect((await firstError(server.api.graphqlUrl, '{ matchs { endCursor } }'))?.message).toContain('Did you mean');
  });
});

describe('error messages in production', () => {
  let server: Started;
  beforeAll(async () => (server = await startTestApi({ NODE_ENV: 'production', ANONYMOUS_OPERATIONS: 'any' })));
  afterAll(() => server.stop());

  it('given a misspelt field or enum value, then no "Did you mean …?" names the schema, over HTTP and websockets', async () => {
    for (const query of ['{ matchs { endCursor } }', '{ matches(filter: { status: OPENN }) { endCursor } }']) {
      const overHttp = await firstError(server.api.graphqlUrl, query);
      const viaSocket = await overSocket(server, query);
      for (const error of [overHttp, viaSocket]) {
        expect(error?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(error?.message).not.toContain('Did you mean');
      }
    }
  });
});

async function overSocket(server: Started, query: string): Promise<{ message: string; extensions?: Record<string, unknown> } | undefined> {
  const socket = await openSocket(server.api.wsUrl, undefined);
  try {
    const answer = await new Promise<unknown>((resolve) => socket.subscribe({ query }, { next: (value) => resolve(value.errors), error: resolve, complete: () => undefined }));
    return (answer as { message: string; extensions?: Record<string, unknown> }[])[0];
  } finally {
    await socket.dispose();
  }
}
