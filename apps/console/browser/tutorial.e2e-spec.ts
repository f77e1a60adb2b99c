import { seriousViolations } from './support/axe';
import { openBrowser, type Browser } from './support/browser';
import { uniqueName } from './support/api';
import { screenshot } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('given a new player, when they start the tutorial', () => {
  it('then the coach explains the first decisions of a match against an easy CPU', async () => {
    const { page } = browser;
    await page.goto('/register?next=/tutorial');
    await page.getByLabel('Name').fill(uniqueName('tut'));
    await page.getByLabel('Password').fill('password-123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/tutorial');
    await page.getByRole('button', { name: 'Start the tutorial match' }).click();
    await page.waitForURL(/\/tutorial\?match=/);
    const coach = page.getByTestId('coach');
    await expect(coach.textContent()).resolves.toMatch(/Start the match/);
    await page.getByRole('button', { name: 'Start the match' }).click();
    await page.getByRole('heading', { name: 'Your move' }).waitFor({ timeout: 20_000 });
    await expect(coach.textContent()).resolves.toMatch(/^(You hold|The bid is)/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tutorial');
    await page.getByRole('button', { name: /^Bid \d/ }).click();
    await page.getByText(/: \d+ × \d/).first().waitFor();
  });
});
