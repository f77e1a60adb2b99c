import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { consoleUrl, openBrowser, shows, signInAs, type Browser } from './support/browser';
import { newAccount, newAccountWithRole } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

/**
 * The table as a player sees it (issue #31): seats around a felt, three unnamed CPUs named apart, the bid and the
 * turn in the middle and in a live region, dice that roll in and turn over (not when motion is reduced), the odds
 * in one column, a reveal in two, the header on one line, the lobby's lists under their own headings, a favicon,
 * and a replay that shows the store's fields to moderators only.
 */
let browser: Browser;
let page: Page;
const errors: string[] = [];
let matchId = '';

beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await signInAs(browser, await newAccount('tab'));
});
afterAll(() => browser?.close());

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

/** The x of each element's left edge, rounded. */
const lefts = (locator: Locator) =>
  locator.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));

describe('given a player whose name is about as long as names go (22 to 24 characters, W the widest letter), on a 1280-pixel screen', () => {
  it('then the header is still one line and every link of the navigation shows, the name cut short with its whole in the title', async () => {
    const long = await openBrowser();
    try {
      const account = await newAccount('W'.repeat(16)); // 22 to 24 characters with its unique tail
      await signInAs(long, account);
      await long.page.goto('/lobby');
      await shows(long.page, long.page.getByRole('heading', { name: 'Create a match' }));
      expect((await box(long.page.locator('header.topbar'))).height).toBeLessThan(60);
      expect(
        await long.page.locator('.main-nav').evaluate((nav) => nav.scrollWidth - nav.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect(await long.page.locator('.account-name').getAttribute('title')).toContain(account.account.name);
    } finally {
      await long.close();
    }
  });
});

describe('given a player in the lobby on a 1280-pixel screen', () => {
  it('then the header is one line, the lists have their own headings and no caption repeats them, and the favicon loads', async () => {
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Create a match' }));
    const header = await box(page.locator('header.topbar'));
    const [brand, signOut] = [
      await box(page.locator('.brand')),
      await box(page.getByRole('button', { name: 'Sign out' })),
    ];
    expect(header.height).toBeLessThan(60);
    expect(Math.abs(brand.y + brand.height / 2 - (signOut.y + signOut.height / 2))).toBeLessThan(6);
    // Every link of a player's navigation shows: none is scrolled out of sight
    expect(
      await page.locator('.main-nav').evaluate((nav) => nav.scrollWidth - nav.clientWidth),
    ).toBeLessThanOrEqual(0);

    expect(await page.getByRole('heading', { name: 'Live tables', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Open matches', exact: true }).count()).toBe(1);
    expect(await page.locator('main caption').count()).toBe(0);

    const favicon = await fetch(`${consoleUrl()}/favicon.ico`);
    expect([favicon.status, favicon.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    await page.locator('link[rel="icon"][href*="icon.svg"]').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
  });

  it('then a match against three unnamed medium CPUs seats them around the felt under three names, the viewer at the bottom', async () => {
    await page.getByLabel('Players', { exact: true }).selectOption('4');
    await page.getByLabel('Starting dice').selectOption('3');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    matchId = page.url().split('/').at(-1) ?? '';
    await page.getByRole('button', { name: 'Start the match' }).click();
    await shows(page, page.getByRole('button', { name: /^Bid \d/ }), 30_000);

    const seats = page.getByRole('list', { name: 'Seats in playing order' }).getByRole('listitem');
    expect(await seats.locator('.seat-name').allTextContents()).toEqual([
      expect.stringMatching(/^tab/),
      'B. Pascal (CPU, medium)',
      'P. Fermat (CPU, medium)',
      'G. Cardano (CPU, medium)',
    ]);
    const [mine, felt] = [await box(seats.first()), await box(page.locator('.felt-centre'))];
    expect(mine.y).toBeGreaterThan(felt.y + felt.height / 2);
    // Whose turn it is, in words (the badge, aria-current) and in the live region; the bid on the felt
    await expect(seats.first().getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByTestId('table-announcer').textContent()).resolves.toMatch(/ Your turn\.$/);
    await expect(page.locator('.felt-turn').textContent()).resolves.toBe('Your turn');
  });

  it('then every quantity’s bar starts in one column, two-digit quantities too', async () => {
    const quantities = page.locator('.quantity-option');
    await expect(quantities.last().locator('.q').textContent()).resolves.toMatch(/^1\d × \d$/);
    const bars = await lefts(quantities.locator('meter'));
    expect(bars).toHaveLength(10);
    expect(new Set(bars).size).toBe(1);
  });

  it('then dice roll in at the round’s start, unless the reader asks for reduced motion', async () => {
    const die = page.locator('.table-seat.mine .die').first();
    await expect(die.evaluate((el) => getComputedStyle(el).animationName)).resolves.toBe('die-roll');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(die.evaluate((el) => getComputedStyle(el).animationName)).resolves.toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('then, a bid later, the felt shows it and its seat says it; at the reveal the hands turn over, names and dice in two columns', async () => {
    await page.getByRole('button', { name: /^Bid \d/ }).click();
    await shows(page, page.locator('.table-seat.mine .seat-bid'));
    await expect(page.locator('.felt-bid .bid-big').textContent()).resolves.toMatch(/^\d+ × \d/);
    // Bid on until a round is revealed (the lowest raise each turn)
    const reveal = page.locator('section.reveal');
    for (let i = 0; i < 40 && !(await reveal.isVisible()); i++) {
      const bid = page.getByRole('button', { name: /^Bid \d/ });
      if (await bid.isVisible()) await bid.click({ timeout: 1_000 }).catch(() => undefined);
      else await page.waitForTimeout(250);
    }
    await shows(page, reveal);
    const hands = reveal.locator('.hand');
    expect(await hands.count()).toBeGreaterThanOrEqual(2);
    expect(new Set(await lefts(hands.locator('.seat-name'))).size).toBe(1);
    expect(new Set(await lefts(hands.locator('.dice'))).size).toBe(1);
    const names = await hands
      .locator('.seat-name')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    const dice = await lefts(hands.locator('.dice'));
    for (const right of names) expect(right).toBeLessThan((dice[0] ?? 0) - 4);
    await expect(
      reveal
        .locator('.die')
        .first()
        .evaluate((el) => el.classList.contains('flip')),
    ).resolves.toBe(true);
    await screenshotLightAndDark(page, 'table', page.locator('.table-view'));
  });

  it('then its replay shows a player no revision, actor or command id; a moderator sees them (the server decides)', async () => {
    await page.goto(`/matches/${matchId}/replay?step=1`);
    await shows(page, page.getByText(/^Step 2 of \d+/).first());
    for (const term of ['Revision', 'Actor', 'Command id'])
      expect(await page.getByText(term, { exact: true }).count()).toBe(0);
    const staff = await openBrowser();
    try {
      await signInAs(staff, await newAccountWithRole('tabmod', 'MODERATOR'));
      await staff.page.goto(`/matches/${matchId}/replay?step=1`);
      await shows(staff.page, staff.page.getByText('Actor', { exact: true }));
      // The round's first bid, a step or two on: its bidder, the command that placed it, its place in the stream
      const bidStep = staff.page.getByRole('heading', { name: /: BidPlaced$/ });
      for (let i = 0; i < 5 && !(await bidStep.isVisible()); i++)
        await staff.page.keyboard.press('ArrowRight');
      await shows(staff.page, bidStep);
      const fact = (term: string) => staff.page.locator(`dt:text-is("${term}") + dd`).textContent();
      await expect(fact('Actor')).resolves.toMatch(/^(account:|cpu:s\d)/);
      await expect(fact('Revision')).resolves.toMatch(/^\d+$/);
      await expect(fact('Command id')).resolves.not.toBe('—');
    } finally {
      await staff.close();
    }
  });
});
