import jwt from 'jsonwebtoken';
import { openSocket, postGraphQL } from './support/graphql-client';
import { GRANT } from './support/moderation';
import { commandId, TestPlayer, type TestView } from './support/player';
import { CREATE, UPDATED } from './support/queries';
import { startTestApi, TEST_JWT_SECRET } from './support/test-api';

jest.setTimeout(60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
let server: Started;
let url: { graphql: string; ws: string };

beforeAll(async () => {
  server = await startTestApi();
  url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
});
afterAll(() => server.stop());

describe('roles: the service always keeps an admin', () => {
  it('given boss is the only admin, when boss demotes themselves, then LAST_ADMIN; once ann is an admin too, boss may step down and ann may not', async () => {
    const boss = await TestPlayer.registerAdmin(url, 'boss');
    const ann = await TestPlayer.register(url, 'ann');
    const alone = await postGraphQL(url.graphql, GRANT, { name: 'boss', role: 'PLAYER' }, boss.token);
    expect(alone.errors?.[0]).toMatchObject({
      message: 'boss is the last admin: grant another account the admin role first',
      extensions: { code: 'LAST_ADMIN', field: 'role' },
    });
    expect((await postGraphQL(url.graphql, GRANT, { name: 'ann', role: 'ADMIN' }, boss.token)).errors).toBeUndefined();
    const steppedDown = await postGraphQL<{ grantRole: { role: string } }>(url.graphql, GRANT, { name: 'boss', role: 'MODERATOR' }, boss.token);
    expect(steppedDown.data?.grantRole.role).toBe('MODERATOR');
    const annAlone = await postGraphQL(url.graphql, GRANT, { name: 'ann', role: 'PLAYER' }, ann.token);
    expect(annAlone.errors?.[0]?.extensions).toEqual({ code: 'LAST_ADMIN', field: 'role' });
  });
});

describe('refusals repeat at most 64 characters of what was sent', () => {
  const long = 'Z'.repeat(5_000);
  const capped = `${'Z'.repeat(64)}…`;

  it('given grantRole for an unknown name of any length, then NOT_FOUND names only its first 64 characters', async () => {
    // ann is the admin now (the test above).
    const admin = await TestPlayer.signIn(url, 'ann');
    const refused = await postGraphQL(url.graphql, GRANT, { name: long, role: 'MODERATOR' }, admin.token);
    expect(refused.errors?.[0]).toMatchObject({ message: `name: no account ${capped}`, extensions: { code: 'NOT_FOUND', field: 'name' } });
  });

  it('given a value GraphQL itself refuses (an enum, a type, a field name), then its message caps the value and keeps the rest', async () => {
    const asVariable = await postGraphQL(url.graphql, 'query($f: MatchFilter) { matches(filter: $f) { nodes { id } } }', { f: { status: long } });
    expect(asVariable.errors?.[0]).toMatchObject({
      message: `Variable "$f" got invalid value "${capped}" at "f.status"; Value "${capped}" does not exist in "MatchStatus" enum.`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const asField = await postGraphQL(url.graphql, `query { ${long} }`, {});
    expect(asField.errors?.[0]?.message).toBe(`Cannot query field "${capped}" on type "Query".`);
  });
});

describe('a websocket outlives no token (ADR 0034)', () => {
  it('given a subscription on a socket whose token expires in 3 s, then it runs until then and ends with close 4401 saying why', async () => {
    const player = await TestPlayer.register(url, 'short-lived');
    const created = await player.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'CPU' }] } });
    const claims = jwt.decode(player.token) as { sub: string; name: string; role: string };
    const expiresAt = Date.now() + 3_000;
    const token = jwt.sign({ ...claims, exp: Math.floor(expiresAt / 1000) }, TEST_JWT_SECRET);
    const socket = await openSocket(url.ws, token);
    const views: unknown[] = [];
    const ended = await new Promise<{ code?: number; reason?: string }>((resolve) => {
      socket.subscribe({ query: UPDATED, variables: { id: created.data?.createMatch.id } }, { next: (view) => views.push(view), error: (error) => resolve(error as never), complete: () => resolve({}) });
    });
    expect({ code: ended.code, reason: ended.reason }).toEqual({ code: 4401, reason: 'the token has expired; sign in again' });
    // It ran until the token's expiry (whole seconds in a JWT), and pushed the view meanwhile.
    expect(Date.now()).toBeGreaterThanOrEqual(Math.floor(expiresAt / 1000) * 1000);
    expect(views.length).toBeGreaterThan(0);
    await socket.dispose();
  });
});

describe('a session is renewed before its token expires (renewSession)', () => {
  const RENEW = 'mutation { renewSession { token expiresAt account { name role } } }';
  type Renewed = { renewSession: { token: string; expiresAt: string; account: { name: string; role: string } } };
  const claimsOf = (token: string) => jwt.decode(token) as { sub: string; name: string; role: string; exp: number; auth_time: number };

  it('given a signed-in player, when they renew, then a new token with a later expiry works, keeps when the session began, and carries the role the account holds now', async () => {
    const registered = await postGraphQL<{ register: { token: string; expiresAt: string } }>(url.graphql, 'mutation { register(input: { name: "renewer", password: "password-123" }) { token expiresAt } }');
    const first = registered.data?.register ?? { token: '', expiresAt: '' };
    expect(Date.parse(first.expiresAt)).toBe(claimsOf(first.token).exp * 1000);
    const boss = await TestPlayer.signIn(url, 'ann');
    expect((await postGraphQL(url.graphql, GRANT, { name: 'renewer', role: 'ORGANISER' }, boss.token)).errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const renewed = await postGraphQL<Renewed>(url.graphql, RENEW, {}, first.token);
    const next = renewed.data?.renewSession;
    expect(next?.account).toEqual({ name: 'renewer', role: 'ORGANISER' });
    expect(Date.parse(next?.expiresAt ?? '')).toBeGreaterThan(Date.parse(first.expiresAt));
    expect(claimsOf(next?.token ?? '')).toMatchObject({ sub: claimsOf(first.token).sub, auth_time: claimsOf(first.token).auth_time, role: 'organiser' });
    const me = await postGraphQL<{ me: { name: string } }>(url.graphql, '{ me { name } }', {}, next?.token);
    expect(me.data?.me.name).toBe('renewer');
  });

  it('given no token, an expired one, or one whose session began longer ago than SESSION_MAX_SECONDS, then it is refused with UNAUTHENTICATED saying why', async () => {
    const player = await TestPlayer.register(url, 'stale-session');
    const { sub, name, role } = claimsOf(player.token);
    const now = Math.floor(Date.now() / 1000);
    const anonymous = await postGraphQL(url.graphql, RENEW);
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'sign in first: send "Authorization: Bearer <token>"', extensions: { code: 'UNAUTHENTICATED' } });
    const expired = await postGraphQL(url.graphql, RENEW, {}, jwt.sign({ sub, name, role, exp: now - 5 }, TEST_JWT_SECRET));
    expect({ status: expired.status, error: expired.errors?.[0] }).toMatchObject({ status: 401, error: { message: 'the token has expired; sign in again', extensions: { code: 'UNAUTHENTICATED' } } });
    // The default SESSION_MAX_SECONDS is 7 days: a session signed in 8 days ago is not extended, even with a valid token.
    const old = await postGraphQL(url.graphql, RENEW, {}, jwt.sign({ sub, name, role, auth_time: now - 8 * 86_400, exp: now + 60 }, TEST_JWT_SECRET));
    expect(old.errors?.[0]).toMatchObject({ message: 'a session is renewed for at most 168 h after signing in; sign in again', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('given renewSession sent over a websocket, then it is refused naming HTTP (the token it needs is the Authorization header)', async () => {
    const player = await TestPlayer.register(url, 'socket-renewer');
    const socket = await openSocket(url.ws, player.token);
    const answer = await new Promise<{ errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
      socket.subscribe({ query: RENEW }, { next: (value) => resolve(value as never), error: reject, complete: () => undefined });
    });
    expect(answer.errors?.[0]).toMatchObject({ message: 'renewSession: send it over HTTP with "Authorization: Bearer <token>"', extensions: { code: 'BAD_USER_INPUT' } });
    await socket.dispose();
  });
});
