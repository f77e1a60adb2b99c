import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, shows, type Browser } from './support/browser';
import { uniqueName } from './support/api';
import { screenshot } from './support/screenshots';

let browser: Browser;
let page: Page;
let matchId = '';

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterAll(() => browser.close());

async function expectAccessible(name: string): Promise<void> {
  expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
}

/** A click that gives up quickly: the button may go away when the turn passes. */
async function tryClick(locator: ReturnType<Page['getByRole']>): Promise<boolean> {
  return locator.click({ timeout: 1_000 }).then(
    () => true,
    () => false,
  );
}

/** Plays the seat to the end: liar when the picker says the bid more likely fails, else the lowest raise. */
async function playToTheEnd(): Promise<void> {
  const replayLink = page.getByRole('link', { name: 'Open the replay' });
  let shot = false;
  const until = Date.now() + 200_000;
  while (Date.now() < until && !(await replayLink.isVisible())) {
    const liar = page.getByRole('button', { name: /^Liar!/ });
    const bid = page.getByRole('button', { name: /^Bid \d/ });
    if (!shot && (await bid.isVisible())) {
      await screenshot(page, 'play');
      await expectAccessible('play');
      shot = true;
    }
    const chance = Number((await liar.textContent({ timeout: 50 }).catch(() => null))?.match(/(\d+)\s?%/)?.[1] ?? -1);
    if (chance >= 50 && (await tryClick(liar))) continue;
    if ((await bid.isVisible()) && (await tryClick(bid))) continue;
    await page.waitForTimeout(150);
  }
  await shows(page, replayLink, 60_000);
}

describe('given a new player, when they register, play a match against two CPUs and open its replay', () => {
  it('then registering shows the account rules first and lands in the lobby', async () => {
    await page.goto('/register');
    await expect(page.getByText('Password: 8 to 200 characters.').isVisible()).resolves.toBe(true);
    await expectAccessible('register');
    await screenshot(page, 'register');
    await page.getByLabel('Name').fill(uniqueName('ann'));
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').getByText('Password: 8 to 200 characters.').waitFor();
    await page.getByLabel('Password').fill('password-123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/lobby');
  });

  it('then the create-match form offers every option of the family and seats two CPUs', async () => {
    await shows(page, page.getByRole('heading', { name: 'Create a match' }));
    await page.getByLabel('Players', { exact: true }).selectOption('3');
    await page.getByLabel('Starting dice').selectOption('3');
    await page.getByLabel('Difficulty of seat 3').selectOption('EASY');
    await expectAccessible('lobby');
    await screenshot(page, 'lobby');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    matchId = page.url().split('/').at(-1) ?? '';
    await shows(page, page.getByRole('button', { name: 'Start the match' }));
    await page.getByRole('button', { name: 'Start the match' }).click();
  });

  it('then the bid picker offers legal bids with their chances, and the match plays to its end', async () => {
    await shows(page, page.getByRole('heading', { name: 'Seats' }));
    await playToTheEnd();
    await expect(page.getByRole('heading', { name: /wins$/ }).isVisible()).resolves.toBe(true);
  }, 300_000);

  it('then the replay steps with the keyboard, follows the URL, and the fairness badge verifies the match', async () => {
    await page.getByRole('link', { name: 'Open the replay' }).click();
    await page.waitForURL(`**/matches/${matchId}/replay**`);
    const status = page.getByText(/^Step \d+ of \d+/).first();
    await status.waitFor();
    const total = Number((await status.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(5);
    await page.keyboard.press('ArrowRight');
    await page.getByText(`Step 2 of ${total}`).first().waitFor();
    await page.keyboard.press('End');
    await page.getByText(`Step ${total} of ${total}`).first().waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('heading', { name: /: RoundStarted$/ }).waitFor();
    await page.waitForURL(/step=\d+/);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keys' }).waitFor();
    await page.keyboard.press('Escape');
    const badge = page.getByTestId('fairness');
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toMatch(/^Fair: \d+ rolls/);
    await expectAccessible('replay');
    await screenshot(page, 'replay');
  });

  it('then a deep link opens a step in the every-hand view, with the bluff chart and the reveal', async () => {
    await page.goto(`/matches/${matchId}/replay?step=4&view=full`);
    await page
      .getByText(/^Step 5 of \d+/)
      .first()
      .waitFor();
    await expect(page.getByLabel('View').inputValue()).resolves.toBe('full');
    await page.keyboard.press('w');
    await page.getByRole('img', { name: /^Bluff chart: \d+ bids/ }).waitFor();
    await screenshot(page, 'replay-full');
  });

  it('then the profile lists the match with a link to its replay', async () => {
    await page.goto('/me');
    await page.getByRole('heading', { name: 'Recent matches' }).waitFor();
    await expectAccessible('profile');
    await screenshot(page, 'profile');
  });
});
