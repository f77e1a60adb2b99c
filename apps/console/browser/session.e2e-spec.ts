import type { Page } from 'playwright-core';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { newAccount, shortLivedToken, startedMatchAgainstCpus } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';
import { connectionsOf, newTableArrivesIn, recordServerCloses, sessionCookie } from './support/session';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

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
    await expect(notice.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).resolves.toBe(
      `/sign-in?next=${encodeURIComponent(`/matches/${matchId}`)}`,
    );
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

      const renewal = await page.waitForResponse(
        (response) => (response.request().postData() ?? '').includes('RenewSession'),
        { timeout: 40_000 },
      );
      const renewed = (
        (await renewal.json()) as { data: { renewSession: { token: string; expiresAt: string } } }
      ).data.renewSession;
      expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.parse(short.expiresAt));
      // Past the old token's expiry (and its socket's 4401, had it stayed open)
      await page.waitForTimeout(Math.max(0, Date.parse(short.expiresAt) - Date.now()) + 2_000);
      expect(await page.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
      await shows(page, page.getByText(`Signed in as ${account.account.name}`));
      expect(closes.filter((close) => close.code === 4401)).toEqual([]);
      expect(await sessionCookie(browser)).toMatchObject({
        token: renewed.token,
        expiresAt: renewed.expiresAt,
      });
      expect(connectedWith.at(-1)).toContain(`Bearer ${renewed.token}`);
      await expect(page.getByLabel('Players').inputValue()).resolves.toBe('4');
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
      // And the lobby is still live: another player's new table arrives with a push
      await newTableArrivesIn(page, 'later');
    } finally {
      await page.close();
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
      const signedInAs = (page: Page, name: string) =>
        shows(page, page.getByText(`Signed in as ${name}`, { exact: true }), 10_000);
      await Promise.all(
        pages.map(async (page) => page.goto('/lobby').then(() => signedInAs(page, ann.account.name))),
      );

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
        if (waited > 10_000)
          throw new Error(`the other tab never connected as bob; it sent:\n${connectedWith[1]?.join('\n')}`);
        await other.waitForTimeout(200);
      }
      expect(await sessionCookie(tabs)).toMatchObject({
        token: bobsToken,
        account: { name: bob.account.name },
      });
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
