import { seriousViolations } from './support/axe';
import { openBrowser, type Browser } from './support/browser';
import { registerPlayer, startedMatchAgainstCpus, uniqueName } from './support/api';
import { screenshot } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser({ colorScheme: 'dark' });
});
afterAll(() => browser.close());

describe('given a guest on the live tables page, when another player starts a match', () => {
  it('then the list picks it up while watched, and spectating shows the public view only', async () => {
    const { page } = browser;
    await page.goto('/live');
    await page.getByRole('heading', { name: 'Live tables' }).waitFor();
    const host = uniqueName('host');
    const matchId = await startedMatchAgainstCpus(await registerPlayer(host), 2);
    const row = page.getByRole('row').filter({ hasText: host });
    await row.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'live-tables-dark');
    await row.getByRole('link', { name: 'Watch' }).click();
    await page.waitForURL(`**/matches/${matchId}`);
    await page.getByText('Spectating: public view.').waitFor();
    await page.getByRole('heading', { name: 'Seats' }).waitFor();
    // Before any reveal, a spectator sees how many dice each seat holds and no face of any of them.
    await expect(page.locator('.seats .die').count()).resolves.toBeGreaterThan(0);
    expect(await page.locator('.seats .die:not(.hidden-die)').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your move' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'spectate-dark');
  });
});
