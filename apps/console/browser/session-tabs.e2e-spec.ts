import type { Page } from 'playwright-core';
import { openBrowser, type Browser } from './support/browser';
import {
  newTableArrivesIn,
  renewedIn,
  sessionCookie,
  threeTabsAboutToRenew,
  within,
} from './support/session';

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
    if (!secureContextApis)
      expect(await first.evaluate(() => [typeof navigator.locks, typeof cookieStore])).toEqual([
        'undefined',
        'undefined',
      ]);
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
    const timerFires = (page: Page) =>
      page.evaluate(() => new Promise<boolean>((fired) => setTimeout(() => fired(true), 0)));
    await within('the awake tabs run their timers', Promise.all([first, second].map(timerFires)));
    // Asleep before any tab's renewal time
    expect(renewals).toEqual([]);

    const renewal = await tabs.context.waitForEvent('response', {
      predicate: (response) => (response.request().postData() ?? '').includes('RenewSession'),
      timeout: 40_000,
    });
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
      if (waited > 20_000)
        throw new Error(
          `the woken tab never connected with the renewed token; it sent:\n${connectedWith[2]?.join('\n')}`,
        );
      await sleeper.waitForTimeout(200);
    }
    await signedIn(sleeper);
    expect(await sleeper.getByRole('alert').filter({ hasText: 'Session expired.' }).count()).toBe(0);
    expect(await sessionCookie(tabs)).toMatchObject({ token: renewed.token });
    // N tabs, one renewal
    expect(renewals.map((page) => pages.indexOf(page))).toHaveLength(1);
    // And the woken tab's lobby is live again: another player's new table arrives with a push
    await newTableArrivesIn(sleeper, 'woken');
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
