import type { Page, WebSocketRoute } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, shows, subscribed, type Browser } from './support/browser';
import { graphql, registerPlayer, startedMatchAgainstCpus, uniqueName } from './support/api';

let light: Browser;
let dark: Browser;

beforeAll(async () => {
  [light, dark] = await Promise.all([openBrowser(), openBrowser({ colorScheme: 'dark' })]);
});
afterAll(() => Promise.all([light?.close(), dark?.close()]));

/**
 * Every read of the match lists over HTTP and what came back, as the page sees them (set up before the page opens
 * its socket).
 */
function watchTraffic(page: Page) {
  const traffic = {
    reads: 0,
    answers: [] as string[],
    reset() {
      traffic.reads = 0;
      traffic.answers = [];
    },
  };
  const isRead = (postData: string | null) => (postData ?? '').includes('query MatchList');
  page.on('request', (request) => void (isRead(request.postData()) && traffic.reads++));
  page.on('response', (response) => void (isRead(response.request().postData()) && response.text().then((body) => traffic.answers.push(body), () => undefined)));
  return traffic;
}

/** A list's filter as a key that does not depend on the order its fields were written in. */
const listKey = (filter: unknown): string => JSON.stringify(Object.entries((filter ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

type Step = { readonly at: number; readonly kind: 'read' | 'push' | 'connected'; readonly list: string; readonly what?: string };

/**
 * Each list's reads and what asks it to read, in the order the page saw them: a push is any answer of the list's
 * `matchListUpdated` (`SUBSCRIBED` first, then `CHANGED` or `RESYNC`: each asks for one read, coalesced), and the
 * socket's `connection_ack` asks every list for one (pushes missed while away are not replayed). `unprompted()`:
 * the reads of a list, from its first push on, that no earlier request is left for — what a poll would be. Judged
 * per list and in order, never by counting from a moment in time: the read a push or the acknowledgement asks for
 * comes 250 ms after it (later on a loaded machine), and may come after the next push has arrived. A list's
 * acknowledgement read may come after its first push (the network delivers `SUBSCRIBED` before the page's timer
 * fires), so that one request is carried to the first push.
 */
function listTimeline(page: Page) {
  const started = Date.now();
  const steps: Step[] = [];
  const lists = new Map<string, string>();
  const note = (kind: Step['kind'], list: string, what?: string) => steps.push({ at: Date.now() - started, kind, list, what });
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (body.includes('query MatchList')) note('read', listKey((JSON.parse(body) as { variables?: { filter?: unknown } }).variables?.filter));
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      const sent = JSON.parse(String(frame.payload)) as { id?: string; type: string; payload?: { query?: string; variables?: { filter?: unknown } } };
      if (sent.type === 'subscribe' && sent.id && sent.payload?.query?.includes('matchListUpdated')) lists.set(sent.id, listKey(sent.payload.variables?.filter));
    });
    socket.on('framereceived', (frame) => {
      const got = JSON.parse(String(frame.payload)) as { id?: string; type: string; payload?: { data?: { matchListUpdated?: { reason: string } } } };
      if (got.type === 'connection_ack') return void note('connected', '*');
      const list = got.id === undefined ? undefined : lists.get(got.id);
      if (got.type === 'next' && list !== undefined) note('push', list, got.payload?.data?.matchListUpdated?.reason);
    });
  });
  return {
    /** Pushes with this reason so far (every list). */
    pushes: (reason: string) => steps.filter((step) => step.kind === 'push' && step.what === reason).length,
    unprompted(): Step[] {
      // Per list: requests not yet answered by a read (null until its first push).
      const owed = new Map<string, number | null>();
      return steps.filter((step) => {
        if (step.kind === 'connected') return void owed.forEach((n, list) => n !== null && owed.set(list, n + 1));
        const n = owed.get(step.list) ?? null;
        if (step.kind === 'push') return void owed.set(step.list, (n ?? 1) + 1);
        if (n === null) return void owed.set(step.list, null);
        owed.set(step.list, Math.max(0, n - 1));
        return n === 0;
      });
    },
    /** For a failure's message: what the page saw, in order. */
    toString: () => steps.map((step) => `${step.at} ms ${step.kind}${step.what ? ` ${step.what}` : ''} ${step.list}`).join('\n'),
  };
}

const cid = (): string => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('given a guest in the lobby, when another player opens a table and it starts', () => {
  it('then the table appears under open matches and moves to the live tables as it happens, each read following a push (no poll)', async () => {
    const { page } = light;
    const timeline = listTimeline(page);
    /** No read so far that neither a push nor a (re)connect asked for; on failure, everything the page saw. */
    const expectNoPoll = () => {
      const unprompted = timeline.unprompted();
      if (unprompted.length > 0) throw new Error(`${unprompted.length} read(s) with no push or (re)connect before them; the page saw:\n${timeline}`);
    };
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Lobby', level: 1 }));
    // Online once both lists' subscriptions answered (on a loaded machine that can take seconds; until then they poll)
    for (let waited = 0; timeline.pushes('SUBSCRIBED') < 2; waited += 100) {
      if (waited > 30_000) throw new Error(`the lists never both subscribed; the page saw:\n${timeline}`);
      await page.waitForTimeout(100);
    }
    // Online, the lists read themselves only when told: in a stretch longer than the fallback poll's 3 s, no read unprompted
    await page.waitForTimeout(4_000);
    expectNoPoll();
    // When a host opens a table with a free seat
    const host = uniqueName('host');
    const [hostToken, guestToken] = await Promise.all([registerPlayer(host), registerPlayer(uniqueName('guest'))]);
    const seats = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU', difficulty: 'EASY' }];
    const created = await graphql<{ createMatch: { id: string } }>('mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }', { i: { commandId: cid(), ruleset: 'CLASSIC', seats } }, hostToken);
    const id = created.createMatch.id;
    // Then it shows under open matches, joinable
    const open = page.getByRole('table', { name: 'Open matches' }).getByRole('row').filter({ hasText: host });
    await shows(page, open.getByRole('button', { name: 'Join' }), 10_000);
    // And when someone takes the seat and the host starts, it leaves the open matches and shows among the live tables
    await graphql('mutation($i: JoinMatchInput!) { joinMatch(input: $i) { id } }', { i: { matchId: id, commandId: cid() } }, guestToken);
    await graphql('mutation($i: MatchCommandInput!) { startMatch(input: $i) { id } }', { i: { matchId: id, commandId: cid() } }, hostToken);
    await shows(page, page.getByRole('table', { name: 'Live tables' }).getByRole('row').filter({ hasText: host }).getByRole('link', { name: 'Watch' }), 10_000);
    // (each list has its own throttle: the open list's second change within 3 s of its first waits for the 3 s)
    await open.waitFor({ state: 'detached', timeout: 10_000 });
    // Each of those reads followed a push
    expect(timeline.pushes('CHANGED')).toBeGreaterThan(0);
    expectNoPoll();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('given the live tables page, when the live link drops', () => {
  it('then the list keeps up by polling while it is down, and by pushes again once it is back', async () => {
    const { page } = dark;
    let blocked = false;
    // Both ends of every socket: the page's and the API's (a drop closes both, so nothing more can arrive on them).
    const sockets: Pick<WebSocketRoute, 'close'>[] = [];
    // Every console websocket passes through here: while `blocked`, new ones are refused like an unreachable
    // server, and nothing the API sends reaches the console (the route's real socket may outlive its close):
    // what the console shows then came over HTTP. What it was given is counted here, not on the wire.
    let pushedToConsole = 0;
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      if (blocked) return void ws.close({ code: 1012, reason: 'down for the test' });
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (blocked) return;
        if (String(message).includes('"CHANGED"')) pushedToConsole++;
        ws.send(message);
      });
      ws.onMessage((message) => (blocked ? undefined : server.send(message)));
      sockets.push(ws, server);
    });
    const listening = subscribed(page, 'MatchListUpdated');
    const traffic = watchTraffic(page);
    await page.goto('/live');
    await shows(page, page.getByRole('heading', { name: 'Live tables', level: 1 }));
    await listening;
    traffic.reset();
    // When the socket drops and cannot come back
    blocked = true;
    const pushedBeforeTheDrop = pushedToConsole;
    for (const socket of sockets) await socket.close({ code: 1012, reason: 'dropped by the test' });
    const banner = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await shows(page, banner);
    traffic.reset();
    // Then a table started meanwhile still shows, from the fallback poll
    const offline = uniqueName('down');
    await startedMatchAgainstCpus(await registerPlayer(offline), 1);
    await shows(page, page.getByRole('row').filter({ hasText: offline }).getByRole('link', { name: 'Watch' }), 15_000);
    // It came in a list read's answer over HTTP (no socket could give the console anything), the link still down
    expect(await banner.count()).toBe(1);
    expect(traffic.answers.filter((body) => body.includes(offline)).length).toBeGreaterThan(0);
    // And those reads are the poll: while the link stays down, the list is read again every 3 s, with nothing to tell it to
    const readsBefore = traffic.reads;
    await page.waitForTimeout(7_000);
    expect(traffic.reads - readsBefore).toBeGreaterThanOrEqual(2);
    expect(await banner.count()).toBe(1);
    // And once the link is back, the next table arrives with a push, and the banner is gone
    blocked = false;
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ state: 'detached', timeout: 20_000 });
    const online = uniqueName('back');
    await startedMatchAgainstCpus(await registerPlayer(online), 1);
    await shows(page, page.getByRole('row').filter({ hasText: online }).getByRole('link', { name: 'Watch' }), 10_000);
    expect(pushedToConsole).toBeGreaterThan(pushedBeforeTheDrop);
    // The keyboard reaches the new row's link
    await page.getByRole('row').filter({ hasText: online }).getByRole('link', { name: 'Watch' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/matches/*');
  });
});
