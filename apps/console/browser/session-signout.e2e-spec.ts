import type { Page } from 'playwright-core';
import { openBrowser, shows } from './support/browser';
import { screenshotLightAndDark } from './support/screenshots';
import { sessionCookie, threeTabsAboutToRenew } from './support/session';

describe('given three tabs of one browser signed in, one of them renewing the session', () => {
  it('when the reader signs out in another tab, then every tab is signed out at once, without the expiry notice, and the renewal under way does not sign back in', async () => {
    const tabs = await openBrowser();
    try {
      const { short, pages, renewals, connectedWith } = await threeTabsAboutToRenew(tabs, 'signout');
      // A renewal is under way (its answer held back 3 s): the reader signs out in a tab that is not the renewing one
      await tabs.context.waitForEvent('request', {
        predicate: (request) => (request.postData() ?? '').includes('RenewSession'),
        timeout: 40_000,
      });
      const signingOut = pages.find((page) => page !== renewals[0]) as Page;
      await signingOut.getByRole('button', { name: 'Sign out' }).click();

      const signedOut = (page: Page) =>
        shows(page, page.getByRole('link', { name: 'Sign in', exact: true }), 5_000);
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
