import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, PHONE, shows, type Browser } from './support/browser';
import { uniqueName } from './support/api';
import { screenshot } from './support/screenshots';

/**
 * A whole match on a phone (390 × 844), from the keyboard: register, seat three medium CPUs, bid each turn the
 * highest quantity offered (so the CPUs call it and the player goes out), watch the CPUs finish, open the replay.
 */
let browser: Browser;
let page: Page;
let me = '';

beforeAll(async () => {
  browser = await openBrowser({ viewport: PHONE });
  page = browser.page;
});
afterAll(() => browser?.close());

/** How many pixels the page is wider than the window (0: nothing to scroll sideways). */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const lefts = (locator: Locator) =>
  locator.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));

/** The highest quantity the picker offers, chosen and bid with the keyboard only. */
async function bidHighestByKeyboard(): Promise<void> {
  const first = page.locator('.quantity-option input').first();
  await first.focus({ timeout: 1_000 });
  const count = await page.locator('.quantity-option input').count();
  for (let i = 1; i < count; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toMatch(
    /^Bid \d+ × \d$/,
  );
  await page.keyboard.press('Enter');
}

describe('given a new player on a phone', () => {
  it('then registering and the lobby fit the window', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill((me = uniqueName('pho')));
    await page.getByLabel('Password').fill('password-123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/lobby');
    await shows(page, page.getByRole('heading', { name: 'Create a match' }));
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  it('then a match against three medium CPUs seats them apart by name, around the felt, and fits the window', async () => {
    await page.getByLabel('Players', { exact: true }).selectOption('4');
    await page.getByLabel('Starting dice').selectOption('3');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    await page.getByRole('button', { name: 'Start the match' }).click();
    await shows(page, page.getByRole('button', { name: /^Bid \d/ }), 30_000);
    const names = page.locator('.table-seat .seat-name');
    expect(await names.allTextContents()).toEqual([
      me,
      'B. Pascal (CPU, medium)',
      'P. Fermat (CPU, medium)',
      'G. Cardano (CPU, medium)',
    ]);
    // The player's own seat under the felt, the others above it
    const [felt, mine] = [
      await page.locator('.felt').boundingBox(),
      await page.locator('.table-seat.mine').boundingBox(),
    ];
    expect((mine?.y ?? 0) > (felt?.y ?? 0)).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'table-phone');
  });

  it('then bidding from the keyboard each turn, the player goes out and is told so; the CPUs play on to the end', async () => {
    const out = page.getByText(
      /^You were eliminated in round \d+\. The match goes on without you; you can watch it to the end\.$/,
    );
    const until = Date.now() + 150_000;
    while (Date.now() < until && !(await out.isVisible())) {
      const bid = page.getByRole('button', { name: /^Bid \d/ });
      if (await bid.isVisible()) await bidHighestByKeyboard().catch(() => undefined);
      else await page.waitForTimeout(200);
    }
    await shows(page, out);
    expect(await page.locator('.table-seat.mine .badge').allTextContents()).toContain('out');
    // Bids name every CPU apart
    const bidders = await page.locator('.bids li').allTextContents();
    expect(bidders.every((line) => !/^CPU \(/.test(line))).toBe(true);
    await shows(page, page.getByRole('link', { name: 'Open the replay' }), 120_000);
  }, 300_000);

  it('then at the end the winner is named, the winner’s dice are face up, and the line says the place', async () => {
    const winner = ((await page.getByRole('heading', { name: / wins$/ }).textContent()) ?? '').replace(
      / wins$/,
      '',
    );
    await shows(page, page.getByText(/^You were eliminated in round \d+ and placed (2nd|3rd|4th) of 4\.$/));
    const winnerSeat = page
      .locator('.table-seat')
      .filter({ has: page.locator('.seat-name', { hasText: winner }) });
    await expect(winnerSeat.getByRole('img').first().getAttribute('aria-label')).resolves.toMatch(
      /: [1-6](, [1-6])*$/,
    );
    expect(await winnerSeat.locator('.hidden-die').count()).toBe(0);
    // The last reveal: names in one column, dice in the next, never run together
    const hands = page.locator('section.reveal .hand');
    expect(new Set(await lefts(hands.locator('.seat-name'))).size).toBe(1);
    expect(new Set(await lefts(hands.locator('.dice'))).size).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('then the replay fits the window, says only rolls were checked (classic has no shots), and shows no store fields', async () => {
    await page.getByRole('link', { name: 'Open the replay' }).click();
    await page.waitForURL('**/replay**');
    const badge = page.getByTestId('fairness');
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toMatch(/^Fair: \d+ rolls recomputed from the revealed seed$/);
    for (const term of ['Revision', 'Actor', 'Command id'])
      expect(await page.getByText(term, { exact: true }).count()).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
