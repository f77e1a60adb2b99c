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
 * Every read of the match lists over HTTP (and what came back) and every list push over the websocket, as the
 * page sees them (set up before the page opens its socket).
 */
function watchTraffic(page: Page) {
  const traffic = {
    reads: 0,
    pushes: 0,
    answers: [] as string[],
    reset() {
      traffic.reads = 0;
      traffic.pushes = 0;
      traffic.answers = [];
    },
  };
  const isRead = (postData: string | null) => (postData ?? '').includes('query MatchList');
  page.on('request', (request) => void (isRead(request.postData()) && traffic.reads++));
  page.on('response', (response) => void (isRead(response.request().postData()) && response.text().then((body) => traffic.answers.push(body), () => undefined)));
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => void (String(frame.payload).includes('"CHANGED"') && traffic.pushes++)));
  return traffic;
}

const cid = (): string => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe('given a guest in the lobby, when another player opens a table and it starts', () => {
  it('then the table appears under open matches and moves to the live tables as it happens, each read following a push (no poll)', async () => {
    const { page } = light;
    const listening = subscribed(page, 'MatchListUpdated');
    // Online means acknowledged: until then the lists poll (on a loaded machine that can take seconds).
    const acknowledged = new Promise<void>((resolve) => page.on('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"connection_ack"') && resolve())));
    const traffic = watchTraffic(page);
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Lobby', level: 1 }));
    await Promise.all([listening, acknowledged]);
    await page.waitForTimeout(1_000);
    // Online, the lists read themselves only when told: in a stretch longer than the fallback poll's 3 s, no read without a push
    traffic.reset();
    await page.waitForTimeout(4_000);
    expect(traffic.reads).toBeLessThanOrEqual(traffic.pushes);
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
    expect(traffic.pushes).toBeGreaterThan(0);
    expect(traffic.reads).toBeLessThanOrEqual(traffic.pushes);
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
