import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type ApiProcess, exited, startApiProcess } from './support/api-process';
import { eventually } from './support/eventually';
import { openSocket, postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer } from './support/player';
import { FILE, GRANT, moderator, startedMatch } from './support/moderation';
import { CREATE, JOIN } from './support/queries';
import { CREATE_TOURNAMENT, REGISTER_TOURNAMENT } from './support/tournament-queries';

jest.setTimeout(60_000);

// A black-box attacker's re-audit (ADR 0031): each case is an attack that once got an internal error, a
// misleading code or a wrong answer. The API runs as `npm start` runs it, and its log is read too: none of
// these may be logged as an internal error, and the process must still serve at the end.
const MAX_SOCKET_OPERATIONS = 3;
let api: ApiProcess;
let dataDir: string;
let log = '';
let url: { graphql: string; ws: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-attack-'));
  api = await startApiProcess(dataDir, { LOG_LEVEL: 'info', MAX_SOCKET_OPERATIONS: String(MAX_SOCKET_OPERATIONS) });
  api.child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  url = api.url;
});

afterAll(async () => {
  api.child.kill('SIGTERM');
  await exited(api.child);
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url.graphql, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

const codesOf = (text: string): unknown[] => ((JSON.parse(text) as { errors?: { extensions?: { code?: unknown } }[] }).errors ?? []).map((e) => e.extensions?.code);

/** The errors' codes of one websocket operation, or 'ok' once it has been accepted and pushed (or completed). */
function firstAnswer(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<{ codes: unknown[]; stop: () => void }> {
  return new Promise((resolve) => {
    const stop = client.subscribe(
      { query, variables },
      {
        next: (value) => resolve({ codes: (value.errors ?? []).map((e) => e.extensions?.['code']), stop }),
        error: (errors) => resolve({ codes: (errors as { extensions?: { code?: unknown } }[]).map((e) => e.extensions?.code), stop }),
        complete: () => resolve({ codes: ['ok'], stop }),
      },
    );
  });
}

describe('attacks over HTTP', () => {
  it.each([
    ['a plain JSON POST (the compiled route hands it to Apollo)', () => post({ query: 'subscription { matchUpdated(id: "nope") { id } }' })],
    ['a POST with variables and an operation name', () => post({ query: 'subscription Live { tournamentListUpdated { id } }', operationName: 'Live' })],
    ['a POST through Apollo (an Accept it answers itself)', () => post({ query: 'subscription { tournamentListUpdated { id } }' }, { accept: 'application/graphql-response+json' })],
  ])('given a subscription sent over HTTP as %s, then it is refused with 400 BAD_REQUEST pointing at websockets', async (_name, send) => {
    const { status, text } = await send();
    expect(status).toBe(400);
    expect(codesOf(text)).toEqual(['BAD_REQUEST']);
    expect(text).toContain('websockets');
  });

  it('given a subscription sent as a GET, then Apollo refuses it (405: GET serves queries only) as BAD_REQUEST', async () => {
    const response = await fetch(`${url.graphql}?query=${encodeURIComponent('subscription { tournamentListUpdated { id } }')}`, { headers: { 'apollo-require-preflight': '1' } });
    expect(response.status).toBe(405);
    expect(codesOf(await response.text())).toEqual(['BAD_REQUEST']);
  });

  it('given a persisted query whose hash does not match its text, then it is 400 BAD_REQUEST, not an internal error', async () => {
    const { status, text } = await post({ query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } });
    expect(status).toBe(400);
    expect(codesOf(text)).toEqual(['BAD_REQUEST']);
    expect(text).toContain('does not match');
  });

  it('given one selection repeating a field a thousand times, then the refusal says why, not just "Validation aborted."', async () => {
    // graphql-js stops comparing the repeated fields past a budget and says only "Validation aborted.".
    const query = `{ ${Array.from({ length: 1000 }, () => '__typename').join(' ')} }`;
    const routes: Record<string, string>[] = [{}, { accept: 'application/graphql-response+json' }];
    for (const headers of routes) {
      const { status, text } = await post({ query }, headers);
      expect(status).toBe(400);
      expect(JSON.parse(text)).toEqual({ errors: [{ message: expect.stringContaining('repeats the same fields'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    }
    const socket = await openSocket(url.ws, undefined);
    expect(await new Promise((resolve) => socket.subscribe({ query }, { next: resolve, error: resolve, complete: () => undefined }))).toEqual([
      expect.objectContaining({ message: expect.stringContaining('repeats the same fields') }),
    ]);
    await socket.dispose();
  });

  it('given a scraper, when it reads /metrics, then the answer is in the Prometheus text format, not HTML', async () => {
    const response = await fetch(`${api.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('# TYPE');
  });
});

describe('attacks on the lobby', () => {
  it('given a table, when a player asks for a seat it does not have, then BAD_USER_INPUT names the seats, without echoing what was sent', async () => {
    const host = await TestPlayer.register(url, 'attack-host');
    const guest = await TestPlayer.register(url, 'attack-guest');
    const created = await host.send<{ createMatch: { id: string } }>(CREATE, { input: { commandId: commandId('create'), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const matchId = created.data?.createMatch.id as string;
    for (const seat of ['s9', 'x'.repeat(5000)]) {
      const joined = await guest.send(JOIN, { input: { matchId, commandId: commandId('join'), seat } });
      expect(joined.errors?.[0]).toMatchObject({ message: 'seat: one of s1, s2', extensions: { code: 'BAD_USER_INPUT', field: 'seat' } });
    }
    // The host's own seat is a real seat that is taken: that code stays.
    const taken = await guest.send(JOIN, { input: { matchId, commandId: commandId('join'), seat: 's1' } });
    expect(taken.errors?.[0]?.extensions?.['code']).toBe('SEAT_TAKEN');
  });
});

const CANCEL_TOURNAMENT = 'mutation($input: ReasonedTournamentInput!) { cancelTournament(input: $input) { id status } }';

describe('attacks on tournaments', () => {
  it('given an organiser, when a tournament name carries a NUL, a line break or a right-to-left override, then INVALID_TOURNAMENT names the field and nothing is created; a bad CPU name or reason is BAD_USER_INPUT', async () => {
    const admin = await TestPlayer.registerAdmin(url, 'attack-admin');
    const day = 86_400_000;
    const input = (name: string) => ({
      commandId: commandId('tournament'), name, family: 'CLASSIC', format: 'SWISS_TABLES', swissRounds: 1, capacity: 4, minTableSize: 2, maxTableSize: 4,
      registrationClosesAt: new Date(Date.now() + day).toISOString(), startsAt: new Date(Date.now() + 2 * day).toISOString(),
    });
    for (const name of ['Cup\u0000', 'Spring\nCup', '\u202Egnp.exe']) {
      const created = await admin.send(CREATE_TOURNAMENT, { input: input(name) });
      expect(created.errors?.[0]).toMatchObject({ message: expect.stringContaining('name: expected 1 to 80 characters'), extensions: { code: 'INVALID_TOURNAMENT' } });
    }
    const created = await admin.send<{ createTournament: { id: string } }>(CREATE_TOURNAMENT, { input: input('Spring Cup') });
    const tournamentId = created.data?.createTournament.id as string;
    // What the caller typed is BAD_USER_INPUT naming it (it was UNEXPECTED_COMMAND, the code of a malformed command from the server).
    const cpu = await admin.send(REGISTER_TOURNAMENT, { input: { commandId: commandId('cpu'), tournamentId, cpu: { name: '\u202Ebot', difficulty: 'EASY' } } });
    expect(cpu.errors?.[0]).toMatchObject({ message: expect.stringContaining("name: a CPU player's name"), extensions: { code: 'BAD_USER_INPUT' } });
    const cancel = await admin.send(CANCEL_TOURNAMENT, { input: { commandId: commandId('cancel'), tournamentId, reason: '   ' } });
    expect(cancel.errors?.[0]).toMatchObject({ message: 'reason: expected 1 to 500 characters', extensions: { code: 'BAD_USER_INPUT' } });
    // Once the list shows the valid one, it shows only that one: the refused ones recorded nothing.
    const names = async () => (await postGraphQL<{ tournaments: { nodes: { name: string }[] } }>(url.graphql, '{ tournaments { nodes { name } } }')).data?.tournaments.nodes.map((n) => n.name);
    expect(await eventually(names, (listed) => (listed?.length ?? 0) > 0)).toEqual(['Spring Cup']);
  });
});

describe('attacks on names (a CPU seat passing for a player, ADR 0070)', () => {
  const cpuSeat = (name: string) => ({ input: { commandId: commandId('cpu-name'), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'CPU', name }] } });

  it.each([
    ['a registered player’s name in another case', 'Attack-Namer', 'attack-namer'],
    ['the admin’s name in capitals', 'ATTACK-ADMIN', 'attack-admin'],
    ['a player’s name in fullwidth letters', 'ａｔｔａｃｋ－ｎａｍｅｒ'.replace('－', '-'), 'attack-namer'],
    ['a player’s name with a Cyrillic а and an accent', 'аttack-nàmer', 'attack-namer'],
    ['a player’s name with a space and a dot', 'attack-na.mer', 'attack-namer'],
  ])('given a host, when a CPU seat is named %s, then NAME_TAKEN names the seat and the player, and no match is opened', async (_what, name, player) => {
    const host = await TestPlayer.signIn(url, 'attack-namer').catch(() => TestPlayer.register(url, 'attack-namer'));
    const created = await host.send(CREATE, cpuSeat(name));
    expect(created.errors?.[0]).toMatchObject({ message: expect.stringMatching(new RegExp(`^seats\\[1\\]\\.name: .* reads as the player ${player}`, 'i')), extensions: { code: 'NAME_TAKEN', field: 'seats[1].name' } });
    expect(created.data).toBeNull();
  });

  it('given a host, when a CPU seat is named like nobody registered, then the table opens with that name', async () => {
    const host = await TestPlayer.signIn(url, 'attack-namer').catch(() => TestPlayer.register(url, 'attack-namer'));
    const created = await host.send<{ createMatch: { id: string } }>(CREATE, cpuSeat('Ada Lovelace'));
    expect(created.errors).toBeUndefined();
  });

  it('given an organiser, when a tournament CPU entrant is named like a player, then NAME_TAKEN names the player it passes for', async () => {
    const admin = await TestPlayer.signIn(url, 'attack-admin').catch(() => TestPlayer.registerAdmin(url, 'attack-admin'));
    await TestPlayer.signIn(url, 'attack-namer').catch(() => TestPlayer.register(url, 'attack-namer'));
    const day = 86_400_000;
    const created = await admin.send<{ createTournament: { id: string } }>(CREATE_TOURNAMENT, {
      input: {
        commandId: commandId('names'), name: 'Names Cup', family: 'CLASSIC', format: 'SWISS_TABLES', swissRounds: 1, capacity: 4, minTableSize: 2, maxTableSize: 4,
        registrationClosesAt: new Date(Date.now() + day).toISOString(), startsAt: new Date(Date.now() + 2 * day).toISOString(),
      },
    });
    const tournamentId = created.data?.createTournament.id as string;
    const entered = await admin.send(REGISTER_TOURNAMENT, { input: { commandId: commandId('cpu'), tournamentId, cpu: { name: 'Attack-Namer', difficulty: 'EASY' } } });
    expect(entered.errors?.[0]).toMatchObject({ message: "name: Attack-Namer reads as the player attack-namer; a CPU seat may not go by a player's name", extensions: { code: 'NAME_TAKEN' } });
  });

  it('given a visitor, when they register as "CPU" (what lists call an unnamed CPU seat), then NAME_TAKEN says so', async () => {
    const { errors } = await postGraphQL(url.graphql, 'mutation($name: String!) { register(input: { name: $name, password: "password-123" }) { token } }', { name: 'CPU' });
    expect(errors?.[0]).toMatchObject({ message: 'name: CPU is what an unnamed CPU seat is called', extensions: { code: 'NAME_TAKEN', field: 'name' } });
  });
});

describe('attacks on tournament times', () => {
  it.each([
    ['the year 275760 (the last a Date holds)', '+275760-09-13T00:00:00.000Z', 'startsAt: expected an ISO-8601 time', { code: 'BAD_USER_INPUT', field: 'startsAt' }],
    ['a bare number', '1', 'startsAt: expected an ISO-8601 time', { code: 'BAD_USER_INPUT', field: 'startsAt' }],
    ['two years ahead', new Date(Date.now() + 730 * 86_400_000).toISOString(), 'startsAt: at most 365 days ahead', { code: 'INVALID_TOURNAMENT' }],
  ])('given an organiser, when a tournament starts in %s, then it is refused naming startsAt', async (_when, startsAt, message, extensions) => {
    const admin = await TestPlayer.signIn(url, 'attack-admin').catch(() => TestPlayer.registerAdmin(url, 'attack-admin'));
    const created = await admin.send(CREATE_TOURNAMENT, {
      input: {
        commandId: commandId('far'), name: 'Far Cup', family: 'CLASSIC', format: 'SWISS_TABLES', swissRounds: 1, capacity: 4, minTableSize: 2, maxTableSize: 4,
        registrationClosesAt: new Date(Date.now() + 86_400_000).toISOString(), startsAt,
      },
    });
    expect(created.errors?.[0]).toMatchObject({ message: expect.stringContaining(message) });
    expect(created.errors?.[0]?.extensions).toEqual(extensions);
  });
});

describe('attacks on lookups by id', () => {
  const unknown = (argument: string, what: string, value: string) => ({ message: `${argument}: no ${what} ${value}`, extensions: { code: 'NOT_FOUND', field: argument } });

  it.each([
    ['match(id: 12345)', '{ match(id: 12345) { id } }', 'id', 'match', '12345'],
    ['verifyMatch(id:)', '{ verifyMatch(id: "nope") { commitment } }', 'id', 'match', 'nope'],
    ['tournament(id:)', '{ tournament(id: "nope") { id } }', 'id', 'tournament', 'nope'],
    ['verifyTournament(id:)', '{ verifyTournament(id: "nope") { commitment } }', 'id', 'tournament', 'nope'],
    ['standings(tournamentId:)', '{ standings(tournamentId: "nope") { comparedWith } }', 'tournamentId', 'tournament', 'nope'],
    ['matchReplay(id:)', '{ matchReplay(id: "nope") { full } }', 'id', 'match', 'nope'],
  ])('given %s of nothing, then NOT_FOUND names the argument as the caller wrote it', async (_name, query, argument, what, value) => {
    const { errors } = await postGraphQL(url.graphql, query);
    expect(errors?.[0]).toMatchObject(unknown(argument, what, value));
  });

  it.each([
    ['matchUpdated', 'subscription { matchUpdated(id: "nope") { id } }', 'match'],
    ['tournamentUpdated', 'subscription { tournamentUpdated(id: "nope") { id } }', 'tournament'],
  ])('given %s(id:) of nothing over a websocket, then the error names `id` too', async (_name, query, what) => {
    const socket = await openSocket(url.ws, undefined);
    const answer = await new Promise((resolve) => socket.subscribe({ query }, { next: (value) => resolve(value.errors), error: resolve, complete: () => undefined }));
    expect(answer).toEqual([expect.objectContaining(unknown('id', what, 'nope'))]);
    await socket.dispose();
  });
});

describe('attacks on moderation', () => {
  it('given a moderator listening to moderationUpdated, when an admin takes the role away, then the running subscription stops showing whole disputes', async () => {
    const admin = await TestPlayer.signIn(url, 'attack-admin').catch(() => TestPlayer.registerAdmin(url, 'attack-admin'));
    const mod = await moderator(url, admin, 'attack-mod');
    type Update = { dispute: { filings: { text: string }[] } | null };
    const listen = async (token: string, pushes: Update[]) => {
      const socket = await openSocket(url.ws, token);
      socket.subscribe<{ moderationUpdated: Update }>(
        { query: 'subscription { moderationUpdated { event dispute { filings { text } } } }' },
        { next: ({ data }) => void (data && pushes.push(data.moderationUpdated)), error: () => undefined, complete: () => undefined },
      );
      return socket;
    };
    const pushes: Update[] = [];
    const control: Update[] = [];
    const sockets = [await listen(mod.token, pushes), await listen(admin.token, control)];
    const [ann, bob] = [await TestPlayer.register(url, 'attack-ann'), await TestPlayer.register(url, 'attack-bob')];
    const match = await startedMatch(ann, bob, false);
    await ann.send(FILE, { input: { matchId: match.id, commandId: commandId('file'), category: 'OTHER', text: 'heard by a moderator', steps: [] } });
    expect(await eventually(async () => pushes.length, (n) => n > 0)).toBeGreaterThan(0);
    expect(pushes[0]?.dispute?.filings[0]?.text).toBe('heard by a moderator');
    // Given the role taken away (and applied: the account's role is what the next request sees)...
    await postGraphQL(url.graphql, GRANT, { name: 'attack-mod', role: 'PLAYER' }, admin.token);
    const role = async () => (await postGraphQL<{ me: { role: string } }>(url.graphql, '{ me { role } }', {}, mod.token)).data?.me.role;
    expect(await eventually(role, (r) => r === 'PLAYER')).toBe('PLAYER');
    // ...when another player files (a private text), then the old subscription does not hear it whole.
    const heard = pushes.length;
    await bob.send(FILE, { input: { matchId: match.id, commandId: commandId('file'), category: 'OTHER', text: 'private to moderators', steps: [] } });
    // The admin, still staff, hears it whole: the notice went out.
    const told = async () => JSON.stringify(control);
    expect(await eventually(told, (text) => text.includes('private to moderators'))).toContain('private to moderators');
    expect(JSON.stringify(pushes.slice(heard))).not.toContain('private to moderators');
    await Promise.all(sockets.map((socket) => socket.dispose()));
  });
});

describe('attacks over websockets', () => {
  it('given one socket, when it opens more operations at once than allowed, then the extra one is refused and a completed one frees its place', async () => {
    const socket = await openSocket(url.ws, undefined);
    const subscription = 'subscription { tournamentListUpdated { id } }';
    const open = Array.from({ length: MAX_SOCKET_OPERATIONS }, () => socket.subscribe({ query: subscription }, { next: () => undefined, error: () => undefined, complete: () => undefined }));
    const refused = await firstAnswer(socket, '{ __typename }');
    expect(refused.codes).toEqual(['TOO_MANY_OPERATIONS']);
    open.pop()?.();
    const accepted = await firstAnswer(socket, '{ __typename }');
    expect(accepted.codes).toEqual([]);
    // Another socket has its own allowance.
    const other = await openSocket(url.ws, undefined);
    expect((await firstAnswer(other, '{ __typename }')).codes).toEqual([]);
    for (const stop of open) stop();
    await Promise.all([socket.dispose(), other.dispose()]);
  });
});

describe('attacks on the websocket handshake', () => {
  /** A socket whose connection_init payload is exactly `params`. */
  async function socketWith(params: Record<string, unknown>): Promise<Client> {
    const client = createClient({ url: url.ws, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, connectionParams: params });
    await new Promise<void>((resolve, reject) => {
      client.on('connected', () => resolve());
      client.on('closed', () => reject(new Error('socket closed')));
    });
    return client;
  }
  const meOf = (client: Client) =>
    new Promise<{ data?: unknown; codes: unknown[]; messages: unknown[] }>((resolve) => {
      client.subscribe(
        { query: '{ me { name } }' },
        {
          next: (value) => resolve({ data: value.data, codes: [], messages: [] }),
          error: (errors) => {
            const list = errors as { message: string; extensions?: { code?: unknown } }[];
            resolve({ codes: list.map((e) => e.extensions?.code), messages: list.map((e) => e.message) });
          },
          complete: () => undefined,
        },
      );
    });

  it('given a document of two operations, when it names none or an unknown one, then the websocket says which, in the words HTTP uses', async () => {
    const socket = await openSocket(url.ws, undefined);
    const query = 'query A { __typename } query B { __typename }';
    for (const operationName of [undefined, 'C']) {
      const overHttp = JSON.parse((await post({ query, operationName })).text) as { errors: { message: string }[] };
      const overSocket = await new Promise((resolve) => socket.subscribe({ query, operationName }, { next: resolve, error: resolve, complete: () => undefined }));
      expect(overSocket).toEqual([expect.objectContaining({ message: overHttp.errors[0]?.message, extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })]);
    }
    await socket.dispose();
  });

  it('given a token sent as `Authorization` (the HTTP header\'s spelling), then the socket is that account\'s, not a spectator\'s', async () => {
    const player = await TestPlayer.register(url, 'attack-ws-caps');
    const socket = await socketWith({ Authorization: `Bearer ${player.token}` });
    expect(await meOf(socket)).toMatchObject({ data: { me: { name: 'attack-ws-caps' } } });
    await socket.dispose();
  });

  it('given a token under another key (`token`), then every operation is refused as BAD_REQUEST naming the key, never run as a spectator', async () => {
    const player = await TestPlayer.register(url, 'attack-ws-key');
    const socket = await socketWith({ token: player.token });
    expect(await meOf(socket)).toEqual({ codes: ['BAD_REQUEST'], messages: [expect.stringContaining('connectionParams.token: not a connection parameter')] });
    await socket.dispose();
  });
});

describe('attacks by settings', () => {
  it('given a data directory that mkdir cannot create under an existing parent (/proc), when the API starts, then it exits at once naming it instead of hanging', async () => {
    // Node's recursive mkdir spins forever on such a path: the API would hang before listening, printing nothing.
    const started = startApiProcess('/proc/liars-dice-attack/data');
    await expect(started).rejects.toMatchObject({ code: 78, message: expect.stringContaining('/proc/liars-dice-attack') });
  });
});

describe('after every attack', () => {
  it('then the API still serves and logged no internal error', async () => {
    expect((await fetch(`${api.base}/health`)).status).toBe(200);
    expect((await postGraphQL(url.graphql, '{ __typename }')).data).toEqual({ __typename: 'Query' });
    expect(api.child.exitCode).toBeNull();
    const errors = log.split('\n').filter((line) => line.includes('"level":50'));
    expect(errors).toEqual([]);
  });
});
