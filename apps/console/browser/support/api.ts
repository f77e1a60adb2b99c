import jwt from 'jsonwebtoken';

/** Direct GraphQL calls to the API the browser tests run against (to set up other players' matches). */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const response = await fetch(`${process.env['CONSOLE_API_URL']}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

let counter = 0;
/** A name the API accepts, unique in this run. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

export async function registerPlayer(name: string): Promise<string> {
  const data = await graphql<{ register: { token: string } }>(
    'mutation($i: CredentialsInput!) { register(input: $i) { token } }',
    { i: { name, password: 'password-123' } },
  );
  return data.register.token;
}

/** A started match: this player against CPUs, waiting on whoever is to act. */
export async function startedMatchAgainstCpus(token: string, cpus: number): Promise<string> {
  const seats = [
    { kind: 'HUMAN' },
    ...Array.from({ length: cpus }, () => ({ kind: 'CPU', difficulty: 'EASY' })),
  ];
  const commandId = () => `${Date.now()}-${Math.random()}`;
  const created = await graphql<{ createMatch: { id: string } }>(
    'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
    { i: { commandId: commandId(), ruleset: 'PERUDO', seats } },
    token,
  );
  const id = created.createMatch.id;
  await graphql(
    'mutation($i: MatchCommandInput!) { startMatch(input: $i) { id } }',
    { i: { matchId: id, commandId: commandId() } },
    token,
  );
  return id;
}

export interface SignedIn {
  readonly token: string;
  readonly account: { readonly id: string; readonly name: string; readonly role: string };
}

const SIGN_IN = 'mutation($i: CredentialsInput!) { signIn(input: $i) { token account { id name role } } }';
const REGISTER = 'mutation($i: CredentialsInput!) { register(input: $i) { token account { id name role } } }';

/** A new account, signed in (token and account, as the console keeps them in its session cookie). */
export async function newAccount(prefix: string): Promise<SignedIn> {
  const data = await graphql<{ register: SignedIn }>(REGISTER, { i: { name: uniqueName(prefix), password: 'password-123' } });
  return data.register;
}

/** The admin setup token the test API takes (global-setup.cjs's ADMIN_SETUP_TOKEN). */
const ADMIN_SETUP_TOKEN = 'browser-admin-setup-token-0123456789';

/**
 * The test API's admin `root`: registered by whichever test asks first, which claims the setup token (ADR 0070);
 * signed in after that (waiting, if need be, for that first test's claim), so the session names the role.
 */
export async function adminAccount(): Promise<SignedIn> {
  const credentials = { i: { name: 'root', password: 'password-123' } };
  const registered = await graphql<{ register: SignedIn }>(REGISTER, credentials).catch(() => null);
  if (registered) {
    const claim = 'mutation($t: String!) { claimAdmin(token: $t) { role } }';
    await graphql(claim, { t: ADMIN_SETUP_TOKEN }, registered.register.token);
  }
  for (let attempt = 0; ; attempt++) {
    const { signIn } = await graphql<{ signIn: SignedIn }>(SIGN_IN, credentials);
    if (signIn.account.role === 'ADMIN' || attempt >= 50) return signIn;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new account with a role (granted by the admin), signed in again so its session names the role. */
export async function newAccountWithRole(prefix: string, role: 'MODERATOR' | 'ORGANISER'): Promise<SignedIn> {
  const account = await newAccount(prefix);
  await graphql('mutation($n: String!, $r: Role!) { grantRole(name: $n, role: $r) { role } }', { n: account.account.name, r: role }, (await adminAccount()).token);
  return (await graphql<{ signIn: SignedIn }>(SIGN_IN, { i: { name: account.account.name, password: 'password-123' } })).signIn;
}

export const commandId = (): string => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A finished ranked match between two players: `leaver` leaves right after the start and forfeits. */
export async function finishedRankedMatch(host: SignedIn, leaver: SignedIn): Promise<string> {
  const created = await graphql<{ createMatch: { id: string } }>(
    'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
    { i: { commandId: commandId(), ruleset: 'PERUDO', ranked: true, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } },
    host.token,
  );
  const matchId = created.createMatch.id;
  const command = (name: string, who: SignedIn) =>
    graphql(`mutation($i: ${name === 'joinMatch' ? 'JoinMatchInput' : 'MatchCommandInput'}!) { ${name}(input: $i) { status } }`, { i: { matchId, commandId: commandId() } }, who.token);
  await command('joinMatch', leaver);
  await command('startMatch', host);
  await command('leaveMatch', leaver);
  return matchId;
}

/** A dispute filed through the API (the browser tests file their own through the replay page). */
export async function fileDispute(filer: SignedIn, matchId: string, steps: number[] = []): Promise<string> {
  const data = await graphql<{ fileDispute: { disputeId: string } }>(
    'mutation($i: FileDisputeInput!) { fileDispute(input: $i) { disputeId } }',
    { i: { commandId: commandId(), matchId, category: 'STALLING', text: 'left at once', steps } },
    filer.token,
  );
  return data.fileDispute.disputeId;
}

/**
 * A token for `account`'s session that expires in `seconds` (the test API signs with CONSOLE_JWT_SECRET): how a
 * test makes a session end soon without waiting the API's token lifetime (JWT_TTL_SECONDS, at least 60 s).
 */
export function shortLivedToken(account: SignedIn, seconds: number): { token: string; expiresAt: string } {
  const claims = jwt.decode(account.token) as { sub: string; name: string; role: string; auth_time: number };
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = jwt.sign({ sub: claims.sub, name: claims.name, role: claims.role, auth_time: claims.auth_time, exp }, process.env['CONSOLE_JWT_SECRET'] ?? '', { algorithm: 'HS256' });
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}
