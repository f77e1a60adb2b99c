import type { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import type { EventStore } from '@liars-dice/event-store-port';
import { seededRandom } from '@liars-dice/game-rules/testing';
import { EVENT_STORE } from '@liars-dice/server-platform';
import { pairSignalsView, ProjectionsService } from '@liars-dice/server-projections';
import { collusionRankingsAlong, dumpReadModels, projectedHead, rebuiltReadModels } from '@liars-dice/server-projections/testing';
import { CLAIM, FILE, moderator, PAIR_FIELDS, RULE } from './support/moderation';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, LIAR, ME, SPOT_ON, START } from './support/queries';
import { startTestApi } from './support/test-api';

/**
 * Issue #33: every read model, after random matches played through the API (the real command path, the real
 * projections thread), equals a rebuild from the first event; and every collusion ranking read while they
 * were played is one the log gave at some point. `READ_MODEL_RUNS=50 npx jest apps/api/test/read-models` runs
 * longer; `npm test` runs a few.
 */
const RUNS = Number(process.env['READ_MODEL_RUNS'] ?? 2);
jest.setTimeout(60_000 + RUNS * 60_000);

type Started = Awaited<ReturnType<typeof startTestApi>>;
type Pair = { a: { id: string } };
const PAIRS = `query { suspiciousPairs(first: 100) { nodes { ${PAIR_FIELDS} } } }`;
const RULESETS = ['CLASSIC', 'PERUDO', 'REVOLVER'] as const;

let server: Started;
let players: TestPlayer[] = [];
let ids = new Map<TestPlayer, string>();
let mod: TestPlayer;

/** JSON with every object's keys sorted: two answers compare by what they say, not by key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** A call grows likelier as a round's bids pile up (a spot-on now and then where the rules have it). */
function call(view: TestView, random: () => number): string | null {
  const calls = view.legalActions.filter((a) => a.type !== 'bid');
  const bidding = view.legalActions.some((a) => a.type === 'bid');
  if (calls.length === 0 || (bidding && random() >= (view.round?.bids.length ?? 0) * 0.15)) return null;
  return calls[Math.floor(random() * calls.length)]?.type === 'spot-on' ? SPOT_ON : LIAR;
}

/** Most raises are the least a face allows (the colluders' play), the rest any legal bid. */
function move(view: TestView, random: () => number): { query: string; bid?: { quantity: number; face: number } } {
  const called = call(view, random);
  if (called) return { query: called };
  const bids = view.legalActions.filter((a) => a.type === 'bid');
  const faces = [...new Set(bids.map((b) => b.face))];
  const face = faces[Math.floor(random() * faces.length)];
  const chosen = random() < 0.7 ? bids.find((b) => b.face === face) : bids[Math.floor(random() * bids.length)];
  return { query: BID, bid: { quantity: chosen?.quantity ?? 0, face: chosen?.face ?? 0 } };
}

/** Plays a match to its end: whoever is to act (a person here; a CPU seat is the bot driver's) makes a seeded move. */
async function playOut(matchId: string, seated: readonly TestPlayer[], random: () => number): Promise<void> {
  for (let step = 0; step < 5000; step++) {
    const table = await (seated[0] as TestPlayer).view(matchId);
    if (table.status === 'finished') return;
    const name = table.seats.find((s) => s.seat === table.toAct)?.player;
    const player = seated.find((p) => p.name === name);
    if (!player) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const view = await player.view(matchId);
    if (view.toAct !== view.me) continue;
    const { query, bid } = move(view, random);
    const sent = await player.send(query, { input: { matchId, commandId: commandId(player.name), ...bid } });
    if (sent.errors) throw new Error(`${player.name} in ${matchId}: ${JSON.stringify(sent.errors)}`);
  }
  throw new Error(`match ${matchId} did not finish`);
}

interface TablePlan {
  readonly ruleset: (typeof RULESETS)[number];
  readonly seats: readonly number[];
  readonly ranked: boolean;
  readonly cpu: boolean;
  readonly seed: number;
  /** After the end: dismissed, voided or sanctioned (a warning) on a player's filing; null for none. */
  readonly ruling: 'DISMISS' | 'VOID' | 'SANCTION' | null;
}

async function playTable(plan: TablePlan): Promise<void> {
  const seated = plan.seats.map((i) => players[i] as TestPlayer);
  const [host, ...guests] = seated as [TestPlayer, ...TestPlayer[]];
  const seats = [...seated.map(() => ({ kind: 'HUMAN' })), ...(plan.cpu && !plan.ranked ? [{ kind: 'CPU', difficulty: 'EASY' }] : [])];
  const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('create'), ruleset: plan.ruleset, ranked: plan.ranked, seats } });
  const matchId = created.data?.createMatch.id ?? '';
  for (const guest of guests) {
    const joined = await guest.send(JOIN, { input: { matchId, commandId: commandId() } });
    if (joined.errors) throw new Error(JSON.stringify(joined.errors));
  }
  await host.send(START, { input: { matchId, commandId: commandId() } });
  await playOut(matchId, seated, seededRandom(plan.seed));
  if (plan.ruling) await rule(matchId, host, seated, plan.ruling);
}

/** A player files; the moderator (who plays no match here) claims and rules. */
async function rule(matchId: string, filer: TestPlayer, seated: readonly TestPlayer[], action: NonNullable<TablePlan['ruling']>): Promise<void> {
  const filed = await filer.send<{ fileDispute: { disputeId: string } }>(FILE, { input: { matchId, commandId: commandId(), category: 'COLLUSION', text: 'soft play', steps: [] } });
  const disputeId = filed.data?.fileDispute.disputeId ?? '';
  const claimed = await mod.send(CLAIM, { input: { disputeId, commandId: commandId() } });
  const sanctions = action === 'SANCTION' ? [{ account: ids.get(seated.at(-1) as TestPlayer), kind: 'WARNING' }] : [];
  const ruled = await mod.send(RULE, { input: { disputeId, commandId: commandId(), action, reason: 'checked on the replay', sanctions } });
  if (filed.errors || claimed.errors || ruled.errors) throw new Error(JSON.stringify([filed.errors, claimed.errors, ruled.errors]));
}

/** Reads the ranking over and over while `work` runs, keeping every answer. */
async function readingWhile(work: Promise<unknown>): Promise<Pair[][]> {
  const answers: Pair[][] = [];
  let done = false;
  const reading = (async () => {
    while (!done) answers.push((await mod.send<{ suspiciousPairs: { nodes: Pair[] } }>(PAIRS, {})).data?.suspiciousPairs.nodes ?? []);
  })();
  try {
    await work;
  } finally {
    done = true;
    await reading;
  }
  return answers;
}

/**
 * The projections thread dies (as a crash would); the service starts another, which resumes from its checkpoints.
 * Between a death and its replacement (the service's backoff) there is no thread to kill.
 */
function killProjections(): void {
  const feed = server.api.app.get(ProjectionsService).feed as unknown as { worker?: Worker };
  void feed.worker?.terminate();
}

/** Waits for the projections to apply the store's head; a killed thread is replaced after the service's backoff (up to 30 s). */
async function projectionsCaughtUp(): Promise<void> {
  const service = server.api.app.get(ProjectionsService);
  const head = await projectedHead(server.api.app.get<symbol, EventStore>(EVENT_STORE));
  const until = Date.now() + 45_000;
  for (;;) {
    try {
      return await service.feed.whenApplied(head);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const tablePlan = fc.record({
  ruleset: fc.constantFrom(...RULESETS),
  size: fc.integer({ min: 2, max: 4 }),
  ranked: fc.constantFrom(true, true, false),
  cpu: fc.boolean(),
  seed: fc.integer(),
  ruling: fc.constantFrom(null, null, 'DISMISS' as const, 'VOID' as const, 'SANCTION' as const),
});

/** Tables of different players (one seat each at a time), seated in the drawn order while players last. */
const tablesPlan = (people: number): fc.Arbitrary<TablePlan[]> =>
  fc.tuple(fc.shuffledSubarray([...Array(people).keys()], { minLength: people, maxLength: people }), fc.array(tablePlan, { minLength: 1, maxLength: 3 })).map(([order, plans]) => {
    let next = 0;
    return plans.flatMap(({ size, ...plan }) => {
      const seats = order.slice(next, next + size);
      next += size;
      return seats.length >= 2 ? [{ ...plan, seats }] : [];
    });
  });

beforeAll(async () => {
  server = await startTestApi();
  const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
  const root = await TestPlayer.registerAdmin(url, 'root');
  mod = await moderator(url, root, 'moddy');
  players = await Promise.all(['ana', 'ben', 'cai', 'dot', 'eli', 'fen'].map((name) => TestPlayer.register(url, name)));
  ids = new Map(await Promise.all(players.map(async (p) => [p, (await p.send<{ me: { id: string } }>(ME, {})).data?.me.id ?? ''] as const)));
});
afterAll(() => server.stop());

describe('read models through the API path (issue #33)', () => {
  it('given random matches played at once (and the projections thread killed now and then), then every read model equals its rebuild and every ranking read was one the log gave', async () => {
    const store = server.api.app.get<symbol, EventStore>(EVENT_STORE);
    await fc.assert(
      fc.asyncProperty(tablesPlan(players.length), fc.nat(5).map((n) => n === 0), async (tables, crash) => {
        const answers = await readingWhile(
          Promise.all(
            tables.map(async (plan, i) => {
              if (crash && i === 0) setTimeout(killProjections, 150);
              await playTable(plan);
            }),
          ),
        );
        await projectionsCaughtUp();

        expect(dumpReadModels(server.api.app.get(ProjectionsService).read.db)).toEqual(await rebuiltReadModels(store));
        const rankings = new Set((await collusionRankingsAlong(store)).map((ranked) => canonical(ranked.map(pairSignalsView))));
        for (const answer of answers) expect(rankings).toContainEqual(canonical(answer));
      }),
      // No shrinking: each run plays real matches; the counterexample and its seed replay the failure.
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
