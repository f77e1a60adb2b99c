// What the session browser tests share: the closes and connections a page's sockets see, the session cookie, and three
// tabs signed in with a token about to be renewed.
import type { Page, Response } from 'playwright-core';
import { shows, signInAs, type Browser } from './browser';
import { graphql, newAccount, registerPlayer, shortLivedToken, uniqueName } from './api';

export interface Close {
  readonly code: number | undefined;
  readonly reason: string | undefined;
}

/** Every console websocket passes through here; the closes the API sends are recorded (and passed on to the page). */
export async function recordServerCloses(page: Page): Promise<{ closes: Close[]; opened: () => number }> {
  const closes: Close[] = [];
  let opened = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    opened += 1;
    const server = ws.connectToServer();
    server.onClose((code, reason) => {
      closes.push({ code, reason });
      void ws.close({ code, reason });
    });
  });
  return { closes, opened: () => opened };
}

/** The session cookie as the page holds it now (null once signed out). */
export async function sessionCookie(browser: Browser): Promise<{ token: string; expiresAt?: string } | null> {
  const cookie = (await browser.context.cookies()).find((c) => c.name === 'ld_session');
  return cookie
    ? (JSON.parse(decodeURIComponent(cookie.value)) as { token: string; expiresAt?: string })
    : null;
}

/** The session a `renewSession` answer holds (an answer without one fails the test, saying what came instead). */
export async function renewedIn(response: Response): Promise<{ token: string; expiresAt: string }> {
  const body = (await response.json()) as { data?: { renewSession?: { token: string; expiresAt: string } } };
  if (!body.data?.renewSession) throw new Error(`renewSession answered ${JSON.stringify(body)}`);
  return body.data.renewSession;
}

/** `promise`'s value, or an error saying what did not happen within 10 s. */
export async function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => void (timer = setTimeout(() => reject(new Error(`${what}: not within 10 s`)), 10_000)),
  );
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each page's websocket `connection_init` frames, in order (the token each connection was opened with). */
export function connectionsOf(pages: readonly Page[]): string[][] {
  return pages.map((page) => {
    const sent: string[] = [];
    page.on('websocket', (socket) =>
      socket.on(
        'framesent',
        (frame) =>
          void (String(frame.payload).includes('"connection_init"') && sent.push(String(frame.payload))),
      ),
    );
    return sent;
  });
}

/**
 * Three tabs of one Chromium, signed in with a 40 s token, on the lobby. Every `renewSession` answer is held back
 * 3 s, so another tab's renewal timer fires while the first tab's renewal is under way (without taking turns it
 * would ask too). `renewals`: the page that sent each `renewSession`, in order.
 */
export async function threeTabsAboutToRenew(tabs: Browser, name: string) {
  const account = await newAccount(name);
  // 40 s: the renewal comes at 30 s, after three pages have loaded even on a loaded machine (with 24 s, a page that
  // took long to load had renewed before the test put it to sleep)
  const short = shortLivedToken(account, 40);
  await signInAs(tabs, { ...short, account: account.account });
  const pages = [tabs.page, await tabs.context.newPage(), await tabs.context.newPage()] as [Page, Page, Page];
  const renewals: Page[] = [];
  tabs.context.on(
    'request',
    (request) =>
      void ((request.postData() ?? '').includes('RenewSession') && renewals.push(request.frame().page())),
  );
  const connectedWith = connectionsOf(pages);
  await tabs.context.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes('RenewSession'))
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.fallback();
  });
  const signedIn = (page: Page) => shows(page, page.getByText(`Signed in as ${account.account.name}`));
  // The tabs open together, so their renewal timers fire within moments of each other
  await Promise.all(pages.map(async (page) => page.goto('/lobby').then(() => signedIn(page))));
  return { account, short, pages, renewals, connectedWith, signedIn };
}

/** Another player opens a table: it must reach `page`'s open-matches list by a push (the lobby is live). */
export async function newTableArrivesIn(page: Page, prefix: string): Promise<void> {
  const host = uniqueName(prefix);
  const seats = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }];
  await graphql(
    'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
    { i: { commandId: `${Date.now()}-${prefix}`, ruleset: 'CLASSIC', seats } },
    await registerPlayer(host),
  );
  const row = page.getByRole('table', { name: 'Open matches' }).getByRole('row').filter({ hasText: host });
  await shows(page, row, 10_000);
}
