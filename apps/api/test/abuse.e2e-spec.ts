import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiProcess, exited, startApiProcess } from './support/api-process';
import type { GraphQLResponse } from './support/graphql-client';
import { CLAIM_ADMIN, CREATE, REGISTER, SIGN_IN } from './support/queries';
import { CREATE_TOURNAMENT } from './support/tournament-queries';

jest.setTimeout(120_000);

// The account, name and lobby attacks of issue #32 (ADR 0070), against the API as `npm start` runs it, with the
// account and lobby limits at their defaults and no ADMIN_SETUP_TOKEN: the first admin comes from the token the
// server prints. Behind a trusted proxy (loopback) each request may say which client address it is for.
let api: ApiProcess;
let dataDir: string;
let log = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-abuse-'));
  const defaults = {
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '5',
    MAX_OPEN_LOBBIES: '3',
    SIGN_IN_FREE_FAILURES: '5',
    SIGN_IN_BACKOFF_MAX_SECONDS: '900',
  };
  api = await startApiProcess(
    dataDir,
    { ...defaults, ADMIN_SETUP_TOKEN: '', LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
    { listen: (chunk) => (log += chunk) },
  );
});

afterAll(async () => {
  api.child.kill('SIGTERM');
  await exited(api.child);
  rmSync(dataDir, { recursive: true, force: true });
});

let addresses = 0;
/** A client address of its own (198.51.100.x): its registrations count apart from every other test's. */
const newAddress = () => `198.51.100.${++addresses}`;

async function send<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  { token, from }: { token?: string; from?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': from ?? '203.0.113.1',
  };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(api.url.graphql, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

type Registered = { register: { token: string; account: { name: string; role: string } } };

async function register(name: string, from = newAddress()): Promise<{ token: string; role: string }> {
  const answer = await send<Registered>(REGISTER, { name, password: 'password-123' }, { from });
  if (!answer.data) throw new Error(`register ${name}: ${JSON.stringify(answer.errors)}`);
  return { token: answer.data.register.token, role: answer.data.register.account.role };
}

const codeOf = (answer: GraphQLResponse) => answer.errors?.[0]?.extensions?.['code'] ?? 'ok';

describe('the first admin (ADMIN_NAME raced on a fresh server)', () => {
  it('given a fresh server, when an attacker registers ROOT first, then it is a player; the operator claims the printed token and is admin, once', async () => {
    expect((await register('ROOT')).role).toBe('PLAYER');
    const token = /Admin setup token \(.*\): (\S+?)"/.exec(log)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const operator = await register('operator');
    const claimed = await send<{ claimAdmin: { role: string } }>(
      CLAIM_ADMIN,
      { token },
      { token: operator.token },
    );
    expect(claimed.data?.claimAdmin.role).toBe('ADMIN');
    const attacker = await send(SIGN_IN, { name: 'ROOT', password: 'password-123' });
    const again = await send(
      CLAIM_ADMIN,
      { token },
      { token: (attacker.data as { signIn: { token: string } }).signIn.token },
    );
    expect(again.errors?.[0]).toMatchObject({
      message: 'token: not an admin setup token of this server, or one already used',
      extensions: { code: 'FORBIDDEN', field: 'token' },
    });
  });
});

describe('guessing passwords', () => {
  async function guess(name: string, times: number): Promise<string[]> {
    const codes: string[] = [];
    for (let i = 0; i < times; i++)
      codes.push(String(codeOf(await send(SIGN_IN, { name, password: `wrong-${i}` }))));
    return codes;
  }

  it('given 150 wrong passwords for one account from one address, then it backs off: the right one is refused while it waits and signs in after', async () => {
    await register('victim');
    const codes = await guess('victim', 150);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('UNAUTHENTICATED'));
    expect(codes.filter((code) => code === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThan(100);
    const refused = await send(SIGN_IN, { name: 'victim', password: 'password-123' });
    expect(refused.errors?.[0]).toMatchObject({
      extensions: { code: 'TOO_MANY_ATTEMPTS', field: 'name', retryAfterSeconds: expect.any(Number) },
    });
    await new Promise((resolve) =>
      setTimeout(resolve, Number(refused.errors?.[0]?.extensions?.['retryAfterSeconds']) * 1000),
    );
    const signedIn = await send<{ signIn: { account: { name: string } } }>(SIGN_IN, {
      name: 'victim',
      password: 'password-123',
    });
    expect(signedIn.data?.signIn.account.name).toBe('victim');
  });

  it('given guesses under a name no account has, then the answers are those a real account gets: nothing tells it does not exist', async () => {
    const codes = await guess('nobody-here', 7);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('UNAUTHENTICATED'));
    expect(codes[5]).toBe('UNAUTHENTICATED');
    expect(codes[6]).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('minting accounts', () => {
  it('given one address registering 100 accounts, then 5 (REGISTRATIONS_PER_ADDRESS_PER_HOUR) pass and the rest are TOO_MANY_REGISTRATIONS; another address still registers', async () => {
    const from = newAddress();
    const answers = [];
    for (let i = 0; i < 100; i++)
      answers.push(await send(REGISTER, { name: `mint-${i}`, password: 'password-123' }, { from }));
    expect(answers.map(codeOf).filter((code) => code === 'ok')).toHaveLength(5);
    expect(answers[5]?.errors?.[0]).toMatchObject({
      extensions: { code: 'TOO_MANY_REGISTRATIONS', retryAfterSeconds: expect.any(Number) },
    });
    expect(answers.slice(5).every((answer) => codeOf(answer) === 'TOO_MANY_REGISTRATIONS')).toBe(true);
    expect((await register('mint-elsewhere')).role).toBe('PLAYER');
  });
});

describe('hoarding lobbies', () => {
  const sixSeats = (i: number) => ({
    input: {
      commandId: `hoard-${i}`,
      ruleset: 'CLASSIC',
      lobbyIdleSeconds: 86_400,
      seats: Array.from({ length: 6 }, () => ({ kind: 'HUMAN' })),
    },
  });

  it('given a host with 3 open six-seat lobbies idle for a day, when they open a 4th, then TOO_MANY_OPEN_LOBBIES names the cap; closing one lets it open', async () => {
    const { token } = await register('hoarder');
    const opened = [];
    for (let i = 0; i < 3; i++)
      opened.push(await send<{ createMatch: { id: string } }>(CREATE, sixSeats(i), { token }));
    expect(opened.map(codeOf)).toEqual(['ok', 'ok', 'ok']);
    const fourth = await send(CREATE, sixSeats(3), { token });
    expect(fourth.errors?.[0]).toMatchObject({
      message:
        'you already host 3 open lobbies, the most one account may (MAX_OPEN_LOBBIES 3): start or close one first',
      extensions: { code: 'TOO_MANY_OPEN_LOBBIES' },
    });
    const matchId = opened[0]?.data?.createMatch.id;
    const closed = await send(
      'mutation($i: MatchCommandInput!) { closeLobby(input: $i) { status } }',
      { i: { matchId, commandId: 'close-0' } },
      { token },
    );
    expect(codeOf(closed)).toBe('ok');
    expect(codeOf(await send(CREATE, sixSeats(4), { token }))).toBe('ok');
  });
});

describe('look-alike and invisible names', () => {
  let seatCommands = 0;
  const cpuSeat = (name: string) => ({
    input: {
      commandId: `cpu-${++seatCommands}`,
      ruleset: 'CLASSIC',
      seats: [{ kind: 'HUMAN' }, { kind: 'CPU', name }],
    },
  });

  it.each([
    ['ꓣOOT', 'Lisu ꓣ for R', 'ROOT'],
    ['ꓣꓳꓳꓔ', 'four Lisu letters', 'ROOT'],
    ['ɾoot', 'r with fishhook', 'ROOT'],
    ['Rооt', 'Cyrillic о', 'ROOT'],
    ['ϲarl', 'Greek lunate sigma for c', 'carl'],
  ])(
    'given a host, when a CPU seat is named %s (%s), then NAME_TAKEN names the player it reads as',
    async (name, _what, player) => {
      const { token } = await register(`host-${addresses}`);
      if (player === 'carl') await register('carl').catch(() => undefined);
      const created = await send(CREATE, cpuSeat(name), { token });
      expect(created.errors?.[0]).toMatchObject({
        message: `seats[1].name: ${name} reads as the player ${player}; a CPU seat may not go by a player's name`,
        extensions: { code: 'NAME_TAKEN' },
      });
    },
  );

  it('given ROOT registered, when someone registers r00t, then NAME_TAKEN: it reads as ROOT', async () => {
    const answer = await send(REGISTER, { name: 'r00t', password: 'password-123' }, { from: newAddress() });
    expect(answer.errors?.[0]).toMatchObject({
      message: "name: r00t reads as the player ROOT; choose a name that does not look like another's",
      extensions: { code: 'NAME_TAKEN', field: 'name' },
    });
  });

  it('given a CPU seat named only with Hangul fillers, then BAD_USER_INPUT names the character', async () => {
    const { token } = await register('filler-host');
    const created = await send(CREATE, cpuSeat('\u3164\u3164'), { token });
    expect(created.errors?.[0]).toMatchObject({
      message:
        'seats[1].name: found U+3164, an invisible character, at character 1; a name shows every character it has',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it.each([
    ['\u200B\u200B', 'U+200B'],
    ['\u3164\u3164', 'U+3164'],
    ['\u2800\u2800', 'U+2800'],
    ['\u{E0041}\u{E0042}', 'U+E0041'],
  ])(
    'given an organiser, when a tournament is named only %j, then it is refused naming %s',
    async (name, code) => {
      const operator = await send<{ signIn: { token: string } }>(SIGN_IN, {
        name: 'operator',
        password: 'password-123',
      });
      const day = 86_400_000;
      const input = {
        commandId: `blank-${code.slice(2)}`,
        name,
        family: 'CLASSIC',
        format: 'SWISS_TABLES',
        swissRounds: 1,
        capacity: 4,
        minTableSize: 2,
        maxTableSize: 4,
        registrationClosesAt: new Date(Date.now() + day).toISOString(),
        startsAt: new Date(Date.now() + 2 * day).toISOString(),
      };
      const created = await send(CREATE_TOURNAMENT, { input }, { token: operator.data?.signIn.token });
      expect(created.errors?.[0]?.message).toContain(
        `found ${code}, an invisible character, at character 1, and nothing visible`,
      );
    },
  );
});
