import type { Page, WebSocketRoute } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, operationOf, shows, subscribed, type Browser } from './support/browser';
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
  const isRead = (postData: string | null) => operationOf(postData) === 'MatchList';
  page.on('request', (request) => void (isRead(request.postData()) && traffic.reads++));
  page.on('response', (response) => void (isRead(response.request().postData()) && response.text().then((body) => traffic.answers.push(body), () => undefined)));
  return traffic;
}

/** A list's filter as a key that does not depend on the order its fields were written in. */
const listKey = (filter: unknown): string => JSON.stringify(Object.entries((filter ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

/** The console's fallback poll period while its live link is down (LIST_POLL_MS). */
const POLL_MS = 3_000;

type Step = { readonly at: number; readonly kind: 'read' | 'push' | 'connected' | 'dropped'; readonly list: string; readonly what?: string };

/** What one list did: its reads no push asked for (nor a poll while down), and whether its last SUBSCRIBED was read after. */
interface ListJudgement {
  readonly unprompted: Step[];
  readonly subscribed: number;
  readonly answered: boolean;
}

/**
 * Each list's reads and what asks it to read, in the order the page saw them. Every console websocket passes
 * through the test (so it can also drop them all, as a network would): a push is any answer of the list's
 * `matchListUpdated`, recorded before the page is handed it, so a read it causes always comes after it.
 * `SUBSCRIBED` (sent once the server listens, after every (re)connect) asks for one read, and so does each
 * later `CHANGED` or `RESYNC` (coalesced: never more reads than pushes). Nothing else does: not the page
 * opening (the list shows what the client's cache holds until then), not the socket's acknowledgement — that
 * would be a second read per connect. The one exception is the fallback poll while the link is down: a read at
 * least 3 s after the page opened or the link dropped, before the list's next `SUBSCRIBED`. Judged per list and
 * in order, never by counting from a moment in time (other test files' tables push to these lists too).
 */
async function listTimeline(page: Page) {
  const started = Date.now();
  const steps: Step[] = [];
  const lists = new Map<string, string>();
  const routes: { drop: () => Promise<void> }[] = [];
  const note = (kind: Step['kind'], list: string, what?: string) => steps.push({ at: Date.now() - started, kind, list, what });
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (operationOf(body) === 'MatchList') note('read', listKey((JSON.parse(body) as { variables?: { filter?: unknown } }).variables?.filter));
  });
  const sent = (message: string | Buffer) => {
    const frame = JSON.parse(String(message)) as { id?: string; type: string; payload?: { operationName?: string; variables?: { filter?: unknown } } };
    if (frame.type === 'subscribe' && frame.id && frame.payload?.operationName === 'MatchListUpdated') lists.set(frame.id, listKey(frame.payload.variables?.filter));
  };
  const received = (message: string | Buffer) => {
    const frame = JSON.parse(String(message)) as { id?: string; type: string; payload?: { data?: { matchListUpdated?: { reason: string } } } };
    if (frame.type === 'connection_ack') return void note('connected', '*');
    const list = frame.id === undefined ? undefined : lists.get(frame.id);
    if (frame.type === 'next' && list !== undefined) note('push', list, frame.payload?.data?.matchListUpdated?.reason);
  };
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    let dropped = false;
    ws.onMessage((message) => {
      if (dropped) return;
      sent(message);
      server.send(message);
    });
    server.onMessage((message) => {
      if (dropped) return;
      received(message);
      ws.send(message);
    });
    const drop = async () => {
      dropped = true;
      await Promise.all([ws.close({ code: 1012, reason: 'dropped by the test' }), server.close({ code: 1012, reason: 'dropped by the test' })]);
    };
    routes.push({ drop });
  });
  const judge = (list: string): ListJudgement => {
    let owed = 0;
    let downSince: number | null = 0;
    let subscribed = 0;
    let answered = true;
    const unprompted = steps.filter((step) => {
      if (step.kind === 'dropped') {
        // At most one read can be pending across a drop (the coalescing timer's).
        owed = Math.min(owed, 1);
        downSince = step.at;
      }
      if (step.list !== list) return false;
      if (step.kind === 'push') {
        owed += 1;
        if (step.what === 'SUBSCRIBED') [subscribed, answered, downSince] = [subscribed + 1, false, null];
        return false;
      }
      if (step.kind !== 'read') return false;
      answered = true;
      if (owed > 0) return void (owed -= 1);
      return downSince === null || step.at - downSince < POLL_MS;
    });
    return { unprompted, subscribed, answered };
  };
  const listKeys = () => [...new Set(lists.values())];
  return {
    /** Pushes with this reason so far (every list). */
    pushes: (reason: string) => steps.filter((step) => step.kind === 'push' && step.what === reason).length,
    /** Every list's judgement so far. */
    judged: () => new Map(listKeys().map((list) => [list, judge(list)])),
    /** Drops every socket open now, as a network drop would (graphql-ws connects again by itself). */
    async drop() {
      note('dropped', '*');
      const open = routes.splice(0);
      await Promise.all(open.map((route) => route.drop()));
    },
    /** For a failure's message: what the page saw, in order. */
    toString: () => steps.map((step) => `${step.at} ms ${step.kind}${step.what ? ` ${step.what}` : ''} ${step.list}`).join('\n'),
  };
}

const cid = (): string => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('given a guest in the lobby, when another player opens a table and it starts', () => {
  it('then the table appears under open matches and moves to the live tables as it happens: one read per (re)connect, each later read following a push (no poll)', async () => {
    const { page } = light;
    const timeline = await listTimeline(page);
    /** Every read so far asked for, and each list read after its latest SUBSCRIBED; on failure, everything the page saw. */
    const expectOneReadPerAsk = () => {
      const judged = [...timeline.judged()];
      const unprompted = judged.flatMap(([, judgement]) => judgement.unprompted);
      if (unprompted.length > 0) throw new Error(`${unprompted.length} read(s) with no push (or poll while down) before them; the page saw:\n${timeline}`);
      const unread = judged.filter(([, judgement]) => !judgement.answered).map(([list]) => list);
      if (unread.length > 0) throw new Error(`not read after its last SUBSCRIBED: ${unread.join(', ')}; the page saw:\n${timeline}`);
    };
    /** Until both lists have had `count` SUBSCRIBED (on a loaded machine that can take seconds; until then they poll). */
    const bothSubscribed = async (count: number) => {
      for (let waited = 0; timeline.pushes('SUBSCRIBED') < 2 * count; waited += 100) {
        if (waited > 30_000) throw new Error(`the lists never both subscribed (${count}); the page saw:\n${timeline}`);
        await page.waitForTimeout(100);
      }
    };
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Lobby', level: 1 }));
    await bothSubscribed(1);
    // Online, the lists read once for the connect and then only when told: in a stretch longer than the fallback
    // poll's 3 s, no read unprompted (nor one at the page's start, besides the one SUBSCRIBED asks for)
    await page.waitForTimeout(4_000);
    expect([...timeline.judged().values()].map((judgement) => judgement.subscribed)).toEqual([1, 1]);
    expectOneReadPerAsk();
    // When the link drops, each list reads once more after graphql-ws connects again: for its new SUBSCRIBED, not
    // for the acknowledgement as well
    await timeline.drop();
    await bothSubscribed(2);
    await page.waitForTimeout(2_000);
    expectOneReadPerAsk();
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
    expectOneReadPerAsk();
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
