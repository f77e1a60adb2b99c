import type { Page, Response } from 'playwright-core';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { graphql, newAccount, registerPlayer, shortLivedToken, startedMatchAgainstCpus, uniqueName } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

interface Close {
  readonly code: number | undefined;
  readonly reason: string | undefined;
}

/** Every console websocket passes through here; the closes the API sends are recorded (and passed on to the page). */
async function recordServerCloses(page: Page): Promise<{ closes: Close[]; opened: () => number }> {
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
async function sessionCookie(browser: Browser): Promise<{ token: string; expiresAt?: string } | null> {
  const cookie = (await browser.context.cookies()).find((c) => c.name === 'ld_session');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { token: string; expiresAt?: string }) : null;
}

describe('given a player at their table whose token expires while the socket is open', () => {
  it('then the API closes it with 4401, the console says the session expired, and the table goes on for a spectator', async () => {
    const { page } = browser;
    const account = await newAccount('expiring');
    const matchId = await startedMatchAgainstCpus(account.token, 1);
    // A cookie without its expiry (as written before renewals): the console cannot renew it, so the socket's 4401 ends it.
    await signInAs(browser, { token: shortLivedToken(account, 20).token, account: account.account });
    const { closes, opened } = await recordServerCloses(page);
    await page.goto(`/matches/${matchId}`);
    await shows(page, page.getByText(`You play ${account.account.name}.`));
    // The reader was on "Sign out", which goes away with the session.
    await page.getByRole('button', { name: 'Sign out' }).focus();
    const socketsBefore = opened();

    const notice = page.getByRole('alert').filter({ hasText: 'Session expired.' });
    await shows(page, notice, 40_000);
    expect(closes).toContainEqual({ code: 4401, reason: 'the token has expired; sign in again' });
    await expect(notice.textContent()).resolves.toContain('you are watching as a spectator now');
    // Signed out (the cookie too), and the table goes on over a spectator's new socket.
    await shows(page, page.getByText('Spectating: public view.'));
    await shows(page, page.getByRole('link', { name: 'Sign in', exact: true }));
    expect(await sessionCookie(browser)).toBeNull();
    expect(opened()).toBeGreaterThan(socketsBefore);
    await page.getByRole('heading', { name: 'Seats' }).waitFor();
    // Focus was on a control that went away: it is on the notice now, not lost on the page.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('session-notice');
    await expect(notice.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).resolves.toBe(`/sign-in?next=${encodeURIComponent(`/matches/${matchId}`)}`);
    await screenshotLightAndDark(page, 'session-expired');

    // Escape, with focus in the notice, dismisses it and leaves focus on the page's content.
    await notice.focus();
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});

describe('given a signed-in player on the lobby whose token is about to expire', () => {
  it('then the console renews the session before it expires: no notice, no reload, the form as it was, live lists still pushed over a socket with the new token', async () => {
    const page = await browser.context.newPage();
    try {
      const account = await newAccount('renewing');
      const short = shortLivedToken(account, 24);
      await signInAs(browser, { ...short, account: account.account });
      const { closes } = await recordServerCloses(page);
      const connectedWith: string[] = [];
      page.on('websocket', (socket) =>
        socket.on('framesent', (frame) => {
          const sent = String(frame.payload);
          if (sent.includes('"connection_init"')) connectedWith.push(sent);
        }),
      );
      await page.goto('/lobby');
      await shows(page, page.getByText(`Signed in as ${account.account.name}`));
      await shows(page, page.getByRole('heading', { name: 'Lobby', level: 1 }));
      // The reader's place: a half-filled form, and a page that must not reload.
      await page.getByLabel('Players').selectOption('4');
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));

      const renewal = await page.waitForResponse((response) => (response.request().postData() ?? '').includes('RenewSession'), { timeout: 40_000 });
      const renewed = ((await renewal.json()) as { data: { renewSession: { token: string; expiresAt: string } } }).data.renewSession;
      expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.parse(short.expiresAt));
      // Past the old token's expiry (and its socket's 4401, had it stayed open)
      await page.waitForTimeout(Math.max(0, Date.parse(short.expiresAt) - Date.now()) + 2_000);
      expect(await page.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
      await shows(page, page.getByText(`Signed in as ${account.account.name}`));
      expect(closes.filter((close) => close.code === 4401)).toEqual([]);
      expect(await sessionCookie(browser)).toMatchObject({ token: renewed.token, expiresAt: renewed.expiresAt });
      expect(connectedWith.at(-1)).toContain(`Bearer ${renewed.token}`);
      await expect(page.getByLabel('Players').inputValue()).resolves.toBe('4');
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
      // And the lobby is still live: another player's new table arrives with a push
      const host = uniqueName('later');
      const seats = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }];
      await graphql('mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }', { i: { commandId: `${Date.now()}-renew`, ruleset: 'CLASSIC', seats } }, await registerPlayer(host));
      await shows(page, page.getByRole('table', { name: 'Open matches' }).getByRole('row').filter({ hasText: host }), 10_000);
    } finally {
      await page.close();
    }
  });
});

/** The session a `renewSession` answer holds (an answer without one fails the test, saying what came instead). */
async function renewedIn(response: Response): Promise<{ token: string; expiresAt: string }> {
  const body = (await response.json()) as { data?: { renewSession?: { token: string; expiresAt: string } } };
  if (!body.data?.renewSession) throw new Error(`renewSession answered ${JSON.stringify(body)}`);
  return body.data.renewSession;
}

/** `promise`'s value, or an error saying what did not happen within 10 s. */
async function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => void (timer = setTimeout(() => reject(new Error(`${what}: not within 10 s`)), 10_000)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each page's websocket `connection_init` frames, in order (the token each connection was opened with). */
function connectionsOf(pages: readonly Page[]): string[][] {
  return pages.map((page) => {
    const sent: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => void (String(frame.payload).includes('"connection_init"') && sent.push(String(frame.payload)))));
    return sent;
  });
}

/**
 * A page as on plain http at a non-localhost address: no Web Locks and no Cookie Store API (secure contexts only).
 * Runs before the console's scripts in every page of the context.
 */
async function withoutSecureContextApis(browser: Browser): Promise<void> {
  await browser.context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
    Object.defineProperty(window, 'cookieStore', { value: undefined, configurable: true, writable: true });
  });
}

/**
 * Three tabs of one Chromium, signed in with a 40 s token, on the lobby. Every `renewSession` answer is held back
 * 3 s, so another tab's renewal timer fires while the first tab's renewal is under way (without taking turns it
 * would ask too). `renewals`: the page that sent each `renewSession`, in order.
 */
async function threeTabsAboutToRenew(tabs: Browser, name: string) {
  const account = await newAccount(name);
  // 40 s: the renewal comes at 30 s, after three pages have loaded even on a loaded machine (with 24 s, a page that
  // took long to load had renewed before the test put it to sleep)
  const short = shortLivedToken(account, 40);
  await signInAs(tabs, { ...short, account: account.account });
  const pages = [tabs.page, await tabs.context.newPage(), await tabs.context.newPage()] as [Page, Page, Page];
  const renewals: Page[] = [];
  tabs.context.on('request', (request) => void ((request.postData() ?? '').includes('RenewSession') && renewals.push(request.frame().page())));
  const connectedWith = connectionsOf(pages);
  await tabs.context.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes('RenewSession')) await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.fallback();
  });
  const signedIn = (page: Page) => shows(page, page.getByText(`Signed in as ${account.account.name}`));
  // The tabs open together, so their renewal timers fire within moments of each other
  await Promise.all(pages.map(async (page) => page.goto('/lobby').then(() => signedIn(page))));
  return { account, short, pages, renewals, connectedWith, signedIn };
}

/**
 * A renderer process for every tab, whatever the machine: past a process limit Chromium derives from the memory
 * installed, same-site tabs share one, and a tab paused in the debugger stops every tab it shares its process with.
 */
const TAB_PER_PROCESS = ['--renderer-process-limit=16'];

async function oneRenewalServesThreeTabs(secureContextApis: boolean): Promise<void> {
  const tabs = await openBrowser({ args: TAB_PER_PROCESS });
  try {
    if (!secureContextApis) await withoutSecureContextApis(tabs);
    const { short, pages, renewals, connectedWith, signedIn } = await threeTabsAboutToRenew(tabs, 'tabs');
    const [first, second, sleeper] = pages;
    if (!secureContextApis) expect(await first.evaluate(() => [typeof navigator.locks, typeof cookieStore])).toEqual(['undefined', 'undefined']);
    // One tab sleeps, as a frozen background tab or a sleeping laptop: its script stops in the debugger, so no timer,
    // message or socket event of it runs until it wakes (Chromium's own freezing leaves a visible page running). It is
    // stopped by a `debugger` statement run in it, which pauses there and then; a pause request (`Debugger.pause`)
    // waits for the next script of any tab sharing its renderer process, and is taken, or stepped past, there.
    const asleep = await tabs.context.newCDPSession(sleeper);
    const debuggerSaid: string[] = [];
    asleep.on('Debugger.paused', () => void debuggerSaid.push('paused'));
    asleep.on('Debugger.resumed', () => void debuggerSaid.push('resumed'));
    await asleep.send('Debugger.enable');
    const paused = new Promise((resolve) => asleep.once('Debugger.paused', resolve));
    // Its answer comes when the tab wakes: the statement's result, proof that it was this script that slept
    const slept = asleep.send('Runtime.evaluate', { expression: 'debugger; "woke"' });
    slept.catch(() => undefined); // awaited when the tab wakes
    await within('the sleeping tab pauses in the debugger', paused);
    // A pause stops every tab of its renderer process (TAB_PER_PROCESS gives each tab its own): the other two are
    // awake, their timers fire
    const timerFires = (page: Page) => page.evaluate(() => new Promise<boolean>((fired) => setTimeout(() => fired(true), 0)));
    await within('the awake tabs run their timers', Promise.all([first, second].map(timerFires)));
    // Asleep before any tab's renewal time
    expect(renewals).toEqual([]);

    const renewal = await tabs.context.waitForEvent('response', { predicate: (response) => (response.request().postData() ?? '').includes('RenewSession'), timeout: 40_000 });
    const renewed = await renewedIn(renewal);
    // Past the old token's expiry: the API closes the sleeping tab's socket with 4401 meanwhile
    await first.waitForTimeout(Math.max(0, Date.parse(short.expiresAt) - Date.now()) + 2_000);
    for (const [index, page] of [first, second].entries()) {
      expect(await page.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
      await signedIn(page);
      expect(connectedWith[index]?.at(-1)).toContain(`Bearer ${renewed.token}`);
    }
    expect(await sessionCookie(tabs)).toMatchObject({ token: renewed.token, expiresAt: renewed.expiresAt });

    // When the sleeping tab wakes, its timers (renewal, expiry) and the socket's 4401 all come at once: it takes the
    // renewed session from the cookie, asks for none, and its lists connect again with the new token
    expect(renewals.filter((page) => page === sleeper)).toEqual([]);
    // Still asleep: paused (none resumed it) — else the test did not test a waking tab
    expect(debuggerSaid).toEqual(['paused']);
    await asleep.send('Debugger.resume');
    await expect(slept).resolves.toEqual({ result: { type: 'string', value: 'woke' } });
    await asleep.send('Debugger.disable');
    for (let waited = 0; !connectedWith[2]?.at(-1)?.includes(`Bearer ${renewed.token}`); waited += 200) {
      if (waited > 20_000) throw new Error(`the woken tab never connected with the renewed token; it sent:\n${connectedWith[2]?.join('\n')}`);
      await sleeper.waitForTimeout(200);
    }
    await signedIn(sleeper);
    expect(await sleeper.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
    expect(await sessionCookie(tabs)).toMatchObject({ token: renewed.token });
    // N tabs, one renewal
    expect(renewals.map((page) => pages.indexOf(page))).toHaveLength(1);
    // And the woken tab's lobby is live again: another player's new table arrives with a push
    const host = uniqueName('woken');
    await graphql('mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }', { i: { commandId: `${Date.now()}-woken`, ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } }, await registerPlayer(host));
    await shows(sleeper, sleeper.getByRole('table', { name: 'Open matches' }).getByRole('row').filter({ hasText: host }), 10_000);
  } finally {
    await tabs.close();
  }
}

describe('given three tabs of one browser signed in with a token about to expire, one of them asleep', () => {
  it('then one renewal serves them all: the awake tabs take the new session at once, the sleeping one when it wakes past the old expiry, none signed out', async () => {
    await oneRenewalServesThreeTabs(true);
  });

  it('and no Web Locks nor Cookie Store (plain http off localhost), then still one renewal: the tabs elect one renewer through a lease in localStorage', async () => {
    await oneRenewalServesThreeTabs(false);
  });
});

describe('given three tabs of one browser signed in, one of them renewing the session', () => {
  it('when the reader signs out in another tab, then every tab is signed out at once, without the expiry notice, and the renewal under way does not sign back in', async () => {
    const tabs = await openBrowser();
    try {
      const { short, pages, renewals, connectedWith } = await threeTabsAboutToRenew(tabs, 'signout');
      // A renewal is under way (its answer held back 3 s): the reader signs out in a tab that is not the renewing one
      await tabs.context.waitForEvent('request', { predicate: (request) => (request.postData() ?? '').includes('RenewSession'), timeout: 40_000 });
      const signingOut = pages.find((page) => page !== renewals[0]) as Page;
      await signingOut.getByRole('button', { name: 'Sign out' }).click();

      const signedOut = (page: Page) => shows(page, page.getByRole('link', { name: 'Sign in', exact: true }), 5_000);
      await Promise.all(pages.map(signedOut));
      expect(await sessionCookie(tabs)).toBeNull();
      // Past the renewal's answer and the old token's expiry: nobody signed back in, and no tab says its session expired
      await signingOut.waitForTimeout(Math.max(0, Date.parse(short.expiresAt) - Date.now()) + 2_000);
      for (const page of pages) {
        await signedOut(page);
        expect(await page.getByText(/^Signed in as/).count()).toBe(0);
        expect(await page.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
      }
      expect(await sessionCookie(tabs)).toBeNull();
      expect(renewals).toHaveLength(1);
      // Each tab's live lists go on over a signed-out socket
      for (const sent of connectedWith) expect(sent.at(-1)).not.toContain('Bearer');
      await screenshotLightAndDark(signingOut, 'signed-out-every-tab');
    } finally {
      await tabs.close();
    }
  });
});

describe('given two tabs of one browser signed in as one player (ADR 0034)', () => {
  it('when the reader signs in as another account in one tab, then the other follows it at once, says so in an alert, and its live lists connect as that account', async () => {
    const tabs = await openBrowser();
    try {
      const [ann, bob] = await Promise.all([newAccount('first'), newAccount('second')]);
      await signInAs(tabs, ann);
      const pages = [tabs.page, await tabs.context.newPage()] as [Page, Page];
      const connectedWith = connectionsOf(pages);
      const [signingIn, other] = pages;
      const signedInAs = (page: Page, name: string) => shows(page, page.getByText(`Signed in as ${name}`, { exact: true }), 10_000);
      await Promise.all(pages.map(async (page) => page.goto('/lobby').then(() => signedInAs(page, ann.account.name))));

      // When the reader signs in as bob in the first tab, from the keyboard
      await signingIn.goto('/sign-in');
      await signingIn.getByLabel('Name').fill(bob.account.name);
      await signingIn.getByLabel('Password').fill('password-123');
      await signingIn.getByLabel('Password').press('Enter');
      await signingIn.waitForURL('**/lobby');
      await signedInAs(signingIn, bob.account.name);
      // (the sign-in's own token, not the one bob registered with)
      const bobsToken = (await sessionCookie(tabs))?.token ?? 'no session';

      // Then the other tab follows within moments, without a reload, and says why
      await signedInAs(other, bob.account.name);
      const notice = other.getByRole('alert').filter({ hasText: `Now signed in as ${bob.account.name}.` });
      await shows(other, notice, 5_000);
      await expect(notice.textContent()).resolves.toContain('in another tab, so this tab follows it now');
      expect(await other.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
      // Its lists connect again as bob, and the cookie both share holds bob's session
      for (let waited = 0; !connectedWith[1]?.at(-1)?.includes(`Bearer ${bobsToken}`); waited += 200) {
        if (waited > 10_000) throw new Error(`the other tab never connected as bob; it sent:\n${connectedWith[1]?.join('\n')}`);
        await other.waitForTimeout(200);
      }
      expect(await sessionCookie(tabs)).toMatchObject({ token: bobsToken, account: { name: bob.account.name } });
      // The first tab, where the reader signed in, shows no such notice
      expect(await signingIn.getByRole('alert').filter({ hasText: 'another tab' }).count()).toBe(0);
      await screenshotLightAndDark(other, 'signed-in-elsewhere');

      // And Escape on the notice dismisses it, the tab still signed in as bob
      await notice.focus();
      await other.keyboard.press('Escape');
      await notice.waitFor({ state: 'detached' });
      await signedInAs(other, bob.account.name);
    } finally {
      await tabs.close();
    }
  });
});
