import { seriousViolations } from './support/axe';
import { openBrowser, type Browser } from './support/browser';
import { screenshot } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser({ locale: 'fr-FR' });
});
afterAll(() => browser.close());

describe('given a browser that prefers French', () => {
  it('then pages open in French, with numbers in French style', async () => {
    const { page } = browser;
    await page.goto('/rules');
    await page.getByRole('heading', { name: 'Règles', level: 1 }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    // French percentages put a (narrow) no-break space before the sign.
    await expect(page.locator('table.odds td').first().textContent()).resolves.toMatch(/^\d+\s%$/u);
  });

  it('when switching to Japanese, then every page follows, the choice is kept, and the pages stay accessible', async () => {
    const { page } = browser;
    await page.getByLabel('Langue').selectOption('ja');
    await page.getByRole('heading', { name: 'ルール', level: 1 }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rules-ja');
    await page.goto('/tournaments');
    await page.getByRole('heading', { name: 'トーナメント', level: 1 }).waitFor();
    await page.getByLabel('表示').waitFor();
    await page.goto('/lobby');
    await page.getByRole('heading', { name: 'ロビー', level: 1 }).waitFor();
    await page.getByLabel('言語').selectOption('en');
    await page.getByRole('heading', { name: 'Lobby', level: 1 }).waitFor();
  });

  it.each(['/rules', '/players', '/sign-in', '/live', '/tutorial', '/tournaments'])('then %s has no serious or critical accessibility violation', async (path) => {
    const { page } = browser;
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
