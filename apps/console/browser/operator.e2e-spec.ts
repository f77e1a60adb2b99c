import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { adminAccount, graphql, newAccount, type SignedIn, startedMatchAgainstCpus } from './support/api';
import { screenshot, screenshotLightAndDark } from './support/screenshots';

let browser: Browser;
let root: SignedIn;
let ann: SignedIn;
let matchId = '';

beforeAll(async () => {
  [root, ann] = await Promise.all([adminAccount(), newAccount('ops')]);
  // A live match: ann against a CPU, her round in play (its dice must never reach the page).
  matchId = await startedMatchAgainstCpus(ann.token, 1);
  browser = await openBrowser();
  await signInAs(browser, root);
});
afterAll(() => browser?.close());

/** The text of the focused element (to follow focus through the dialog). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.id ?? null);
const details = (page: Page) => page.locator('article.stream-event');
const heading = (page: Page) => details(page).getByRole('heading', { level: 3 });

/** Pictures in both themes, then back to the light one for the next test (the choice is kept in a cookie). */
async function pictures(page: Page, name: string, inView?: Parameters<typeof screenshotLightAndDark>[2]): Promise<void> {
  await screenshotLightAndDark(page, name, inView);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.locator('html[data-theme="light"]').waitFor();
}

describe('given an admin in the stream browser', () => {
  it('then a match stream opens by its id and is walked event by event from the keyboard, the sealed seed and the live dice withheld', async () => {
    const { page } = browser;
    await page.goto('/operations/streams');
    await shows(page, page.getByRole('heading', { name: 'Stream browser', level: 1 }));
    // Opened by its id, typed and sent with Enter.
    await page.getByLabel('Stream id').fill(`match-${matchId}`);
    await page.keyboard.press('Enter');
    await shows(page, page.getByRole('heading', { name: `match-${matchId}`, level: 2 }));
    await shows(page, heading(page).filter({ hasText: '#0 MatchOpened' }));
    await expect(details(page).getByText('Sealed seed withheld: it never leaves the server').count()).resolves.toBe(1);

    // Keys step while the browser has focus: → to the next event, End to the last, Home back to the first.
    await page.locator('section.stream-view').focus();
    await page.keyboard.press('ArrowRight');
    await shows(page, heading(page).filter({ hasText: /^#1 / }));
    expect(page.url()).toContain('at=1');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await shows(page, heading(page).filter({ hasText: '#0 MatchOpened' }));
    // Stepping on to the round in play: its roll says the dice are withheld, and its data holds none.
    for (let i = 0; i < 12 && !(await heading(page).innerText()).includes('RoundStarted'); i++) {
      const before = await heading(page).innerText();
      await page.keyboard.press('ArrowRight');
      await heading(page).filter({ hasNotText: before }).waitFor();
    }
    await expect(heading(page).innerText()).resolves.toMatch(/^#\d+ RoundStarted$/);
    await shows(page, details(page).getByText('Dice withheld: the round is not revealed yet'));
    const data = await details(page).getByRole('figure').filter({ hasText: /^Data/ }).locator('pre').innerText();
    expect(JSON.parse(data)).toMatchObject({ round: 1, dice: null });
    const view = await details(page).getByRole('figure').filter({ hasText: 'Public view after this event' }).locator('pre').innerText();
    expect(JSON.parse(view)).toMatchObject({ id: matchId, me: null, myDice: [] });
    // The whole page holds none of the sealed seed the store keeps.
    const stored = await graphql<{ streamEvents: { events: { withheld: string[] }[] } }>('query($s: String!) { streamEvents(stream: $s, first: 1) { events { withheld } } }', { s: `match-${matchId}` }, root.token);
    expect(stored.streamEvents.events[0]?.withheld).toEqual(['sealedSeed']);
    expect(await page.locator('main').innerText()).not.toMatch(/sealedSeed"\s*:/);
    await pictures(page, 'operations-streams', details(page));
  });

  it('then the recent streams lead to the match, opened at its latest event', async () => {
    const { page } = browser;
    await page.goto('/operations/streams');
    const link = page.getByRole('link', { name: `match-${matchId}` });
    await shows(page, link);
    await link.click();
    await shows(page, page.getByRole('heading', { name: `match-${matchId}`, level: 2 }));
    await page.getByRole('button', { name: 'Next' }).and(page.locator('[disabled]')).waitFor();
  });
});

describe('given an admin on the read models', () => {
  it('then a rebuild asks in a dialog (Escape backs out), needs a reason, is logged, and the read model catches up', async () => {
    const { page } = browser;
    await page.goto('/operations');
    await shows(page, page.getByRole('heading', { name: 'Read models', level: 2 }));
    await shows(page, page.getByRole('status').filter({ hasText: 'ready' }));
    const rebuild = page.getByRole('button', { name: 'Rebuild audit…' });
    const dialog = page.getByRole('dialog', { name: 'Rebuild audit?' });

    // Asked from the keyboard; Escape closes it and focus returns to the button.
    await rebuild.focus();
    await page.keyboard.press('Enter');
    await shows(page, dialog);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rebuild-reason');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('Rebuild audit…');

    // No reason: refused in the dialog, nothing sent.
    await page.keyboard.press('Enter');
    await shows(page, dialog);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Rebuild audit');
    await page.keyboard.press('Enter');
    await shows(page, dialog.getByRole('alert').filter({ hasText: 'reason: say why you rebuild it' }));
    // With a reason typed in, from the keyboard.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Audit rows looked stale after the upgrade');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Rebuild audit');
    // The page behind a modal dialog is inert (the theme button too): the theme is switched on the page itself.
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `operations-rebuild-dialog-${theme}`);
    }
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'light'));
    await dialog.getByRole('button', { name: 'Rebuild audit' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await shows(page, page.getByRole('status').filter({ hasText: 'Rebuild of audit started: it is catching up.' }));
    expect(await focused(page)).toBe('Rebuild audit…');

    // The log says who asked and why; the read model is back at the head.
    const logged = page.getByRole('row').filter({ hasText: 'rebuilt audit' });
    await shows(page, logged);
    await expect(logged.innerText()).resolves.toContain('Audit rows looked stale after the upgrade');
    await expect(logged.innerText()).resolves.toContain(root.account.name);
    await shows(page, page.getByRole('row').filter({ hasText: /^audit/ }).getByText('up to date'), 30_000);
    const log = await graphql<{ operationsLog: { nodes: { readModel: string; reason: string }[] } }>('{ operationsLog(first: 1) { nodes { readModel reason } } }', {}, root.token);
    expect(log.operationsLog.nodes[0]).toEqual({ readModel: 'audit', reason: 'Audit rows looked stale after the upgrade' });
    await pictures(page, 'operations');
  });

  it('then a player who opens the page is told the API refused, and sees no operators\' link', async () => {
    const other = await openBrowser();
    try {
      await signInAs(other, ann);
      await other.page.goto('/operations');
      await shows(other.page, other.page.getByRole('alert').filter({ hasText: 'Not allowed: admins only' }));
      await shows(other.page, other.page.getByText('These pages are for admins: the API answers them for admins only.'));
      expect(await other.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' }).count()).toBe(0);
      expect(await other.page.getByRole('button', { name: /^Rebuild/ }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('given a phone (390 px wide)', () => {
  it.each([
    ['operations', () => '/operations', 'Read models'],
    ['operations-streams', () => `/operations/streams?stream=match-${matchId}&at=1`, `match-${matchId}`],
    ['graphiql', () => '/graphiql', 'GraphiQL'],
  ])('then %s fits the width, works and passes axe', async (name, url, title) => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(url());
      await shows(page, page.getByRole('heading', { name: title }).first());
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ page: name, overflow: overflow > 1 ? overflow : 0 }).toEqual({ page: name, overflow: 0 });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${name}-phone`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
