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
