import { commandId, graphql, type SignedIn } from './api';

interface View {
  readonly status: string;
  readonly toAct: string | null;
  readonly me: string | null;
  readonly round: { readonly bids: readonly unknown[] } | null;
  readonly legalActions: readonly {
    readonly type: string;
    readonly quantity: number | null;
    readonly face: number | null;
  }[];
}

const VIEW =
  'query($id: ID!) { match(id: $id) { status toAct me round { bids { by } } legalActions { type quantity face } } }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const view = async (matchId: string, token: string) =>
  (await graphql<{ match: View }>(VIEW, { id: matchId }, token)).match;

/** A move a person might make: the lowest raise until the round holds two bids, then liar (spot-on now and then). */
function moveFor(
  own: View,
  turn: number,
): { mutation: string; input: string; extra: Record<string, unknown> } {
  const legal = (type: string) => own.legalActions.find((a) => a.type === type);
  const bid = legal('bid');
  const bids = own.round?.bids.length ?? 0;
  if (legal('spot-on') && bids >= 2 && turn % 5 === 0)
    return { mutation: 'callSpotOn', input: 'MatchCommandInput', extra: {} };
  if (legal('liar') && (bids >= 2 || !bid))
    return { mutation: 'callLiar', input: 'MatchCommandInput', extra: {} };
  return {
    mutation: 'placeBid',
    input: 'PlaceBidInput',
    extra: { quantity: bid?.quantity, face: bid?.face },
  };
}

/**
 * Plays a started match to its end through the API: each person's move as `moveFor` picks it, CPU seats and the
 * house (rolls, trigger pulls) by themselves. A move refused because the turn passed meanwhile is simply retried.
 */
async function playOut(matchId: string, people: readonly SignedIn[]): Promise<void> {
  const seats = new Map<string, SignedIn>();
  for (const person of people) seats.set((await view(matchId, person.token)).me ?? '', person);
  const until = Date.now() + 180_000;
  for (let turn = 0; Date.now() < until; turn++) {
    const table = await view(matchId, people[0]?.token ?? '');
    if (table.status === 'finished') return;
    const actor = table.toAct ? seats.get(table.toAct) : undefined;
    if (!actor) {
      await sleep(80);
      continue;
    }
    const { mutation, input, extra } = moveFor(await view(matchId, actor.token), turn);
    await graphql(
      `mutation($i: ${input}!) { ${mutation}(input: $i) { status } }`,
      { i: { matchId, commandId: commandId(), ...extra } },
      actor.token,
    ).catch(() => undefined);
  }
  throw new Error(`match ${matchId} did not finish in time`);
}

/** A match of these people (and CPUs at the given levels), created by the first, joined by the others, played out. */
export async function playedMatch(
  people: readonly SignedIn[],
  setup: {
    ruleset: 'CLASSIC' | 'PERUDO' | 'REVOLVER';
    ranked: boolean;
    cpus?: readonly ('EASY' | 'MEDIUM' | 'HARD' | 'EXPERT')[];
  },
): Promise<string> {
  const [host, ...guests] = people;
  if (!host) throw new Error('a match needs a person');
  const seats = [
    ...people.map(() => ({ kind: 'HUMAN' })),
    ...(setup.cpus ?? []).map((difficulty) => ({ kind: 'CPU', difficulty })),
  ];
  const created = await graphql<{ createMatch: { id: string } }>(
    'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
    { i: { commandId: commandId(), ruleset: setup.ruleset, ranked: setup.ranked, seats } },
    host.token,
  );
  const matchId = created.createMatch.id;
  for (const guest of guests)
    await graphql(
      'mutation($i: JoinMatchInput!) { joinMatch(input: $i) { status } }',
      { i: { matchId, commandId: commandId() } },
      guest.token,
    );
  await graphql(
    'mutation($i: MatchCommandInput!) { startMatch(input: $i) { status } }',
    { i: { matchId, commandId: commandId() } },
    host.token,
  );
  await playOut(matchId, people);
  return matchId;
}

/** Waits until the read side shows what `ready` looks for (it follows the log a moment behind). */
export async function eventually<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > until) return value;
    await sleep(200);
  }
}
