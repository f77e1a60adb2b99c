import type { Page } from 'playwright-core';
import { graphql, newAccount, type SignedIn } from './support/api';
import { eventually, playedMatch } from './support/analyst-data';
import { seriousViolations } from './support/axe';
import { openBrowser, shows, type Browser } from './support/browser';
import { screenshotLightAndDark } from './support/screenshots';

jest.setTimeout(300_000);

let browser: Browser;
let page: Page;
let ann: SignedIn;
let bob: SignedIn;

interface Stats {
  family: string;
  challenges: number;
  challengesWon: number;
  bids: number;
}

const statsOf = async (player: string) =>
  (
    await graphql<{ playerStats: Stats[] }>(
      'query($p: ID!) { playerStats(player: $p) { family challenges challengesWon bids } }',
      { p: player },
    )
  ).playerStats;

// Ranked matches of people (perudo at two and three seats, one classic) and an unranked one against a CPU, played
// through the API: every dashboard then has something to draw.
beforeAll(async () => {
  const cid = await newAccount('cid');
  [ann, bob] = await Promise.all([newAccount('ann'), newAccount('bob')]);
  await playedMatch([ann, bob], { ruleset: 'PERUDO', ranked: true });
  await playedMatch([bob, ann, cid], { ruleset: 'PERUDO', ranked: true });
  await playedMatch([ann, bob], { ruleset: 'CLASSIC', ranked: true });
  await playedMatch([ann], { ruleset: 'PERUDO', ranked: false, cpus: ['EASY'] });
  await eventually(
    () => statsOf(ann.account.id),
    (rows) => rows.some((r) => r.family === 'classic'),
  );
  browser = await openBrowser();
  page = browser.page;
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});
afterAll(() => browser?.close());

const number = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** Back to the light theme after a pair of screenshots (the theme is a cookie: the next page would open dark). */
async function lightAgain(): Promise<void> {
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.locator('html[data-theme="light"]').waitFor();
}

/** Copies the query of the panel `index` with the keyboard and checks the clipboard holds the query shown. */
async function copiesQuery(index: number, operation: string): Promise<void> {
  const panel = page.locator('.query-panel').nth(index);
  await panel.getByRole('button', { name: 'Copy the GraphQL query' }).focus();
  await page.keyboard.press('Enter');
  await shows(page, panel.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }));
  await panel.getByText('The GraphQL query behind this').click();
  const shown = await panel.locator('pre code').first().innerText();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  expect(copied.startsWith(`query ${operation}(`)).toBe(true);
}

describe('given ranked and CPU matches played, when an analyst opens the statistics pages', () => {
  it('then the perudo leaderboard lists the players with their ratings over time, and its query copies', async () => {
    await page.goto('/lobby');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statistics' }).click();
    await shows(page, page.getByRole('heading', { name: 'Statistics', level: 1 }));
    await page
      .getByRole('navigation', { name: 'Statistics sections' })
      .getByRole('link', { name: 'Leaderboards' })
      .click();
    await page.getByRole('link', { name: 'Perudo' }).click();
    await page.waitForURL(/\/stats\/leaderboards\?family=perudo/);
    const ladder = page.getByRole('table', { name: 'Perudo ladder' });
    await shows(page, ladder.getByRole('link', { name: ann.account.name }));
    const board = await graphql<{
      leaderboard: { nodes: { name: string; rating: number; trend: unknown[] }[] };
    }>(
      'query { leaderboard(family: "perudo", first: 20) { nodes { name rating trend(points: 60) { after } } } }',
    );
    const annRow = board.leaderboard.nodes.find((n) => n.name === ann.account.name);
    expect(annRow?.trend.length).toBe(2);
    await expect(
      ladder.getByRole('row', { name: new RegExp(ann.account.name) }).innerText(),
    ).resolves.toContain(number(annRow?.rating ?? 0));
    // The chart draws a line for each of the ladder's top 8; its table lists every point of theirs. Other files'
    // players share this server and may outrank ann: then the top player's points stand for hers.
    await page.locator('.stats-chart svg.recharts-surface').first().waitFor();
    const charted = board.leaderboard.nodes.slice(0, 8);
    const chartTable = page.getByRole('table', { name: /Rating over time: Perudo/ });
    const pointsOf = (name: string) => chartTable.getByRole('row', { name: new RegExp(`^${name}`) }).count();
    if (charted.some((n) => n.name === ann.account.name)) {
      await expect(pointsOf(ann.account.name)).resolves.toBe(2);
    } else {
      await expect(pointsOf(charted[0]?.name ?? 'nobody')).resolves.toBeGreaterThan(0);
    }
    await copiesQuery(0, 'StatsLeaderboard');
    await screenshotLightAndDark(page, 'stats-leaderboards');
    await lightAgain();
  });

  it('then a player profile shows the charts of their ranked play, numbers as the API counts them', async () => {
    await page.getByRole('link', { name: ann.account.name }).first().click();
    await shows(page, page.getByRole('heading', { name: `${ann.account.name}: statistics` }));
    const all = (await statsOf(ann.account.id)).find((r) => r.family === 'all');
    // The charts' tables fill in when the data arrives: each row as the API counts it
    const calls = page.getByRole('table', { name: 'Calls made and won' });
    await shows(
      page,
      calls.getByRole('row', { name: new RegExp(`^Liar ${all?.challenges} ${all?.challengesWon} `) }),
    );
    const bluffs = page.getByRole('table', { name: 'Bluffs and how often they were caught' });
    await shows(page, bluffs.getByRole('row', { name: new RegExp(`^Bids ${number(all?.bids ?? 0)}$`) }));
    // Two ranked families: a rating line each; placements by table size at two and three seats
    const rows = (table: string, name: RegExp) => () =>
      page.getByRole('table', { name: table }).getByRole('row', { name }).count();
    await expect(
      eventually(rows('Rating over time per family', /^(Perudo|Classic)/), (n) => n === 3),
    ).resolves.toBe(3);
    await expect(eventually(rows('Placements by table size', /^3 players/), (n) => n === 3)).resolves.toBe(3);
    // The family select narrows the charts to one family, by keyboard
    await page.getByLabel('Family', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Family', { exact: true }).inputValue()).resolves.toBe('classic');
    await copiesQuery(1, 'StatsPlayerPlay');
    await screenshotLightAndDark(page, 'stats-player');
    await lightAgain();
  });

  it('then the global dashboards show faces bid, call calibration, seat positions, lengths and CPU results, each with its query', async () => {
    await page.goto('/stats');
    await page.getByLabel('Family').selectOption('perudo');
    await page.waitForURL(/\/stats\?family=perudo/);
    const global = await graphql<{
      globalStats: {
        family: string;
        tableSize: string;
        bidFaces: { bids: number }[];
        callCalibration: { calls: number }[];
      }[];
    }>(
      'query { globalStats(family: "perudo") { family tableSize bidFaces { bids } callCalibration { calls } } }',
    );
    const perudo = global.globalStats.find((r) => r.tableSize === 'all');
    const bids = perudo?.bidFaces.reduce((sum, f) => sum + f.bids, 0) ?? 0;
    expect(bids).toBeGreaterThan(0);
    await shows(page, page.getByText(`${number(bids)} bids`, { exact: true }));
    const calls = perudo?.callCalibration.reduce((sum, b) => sum + b.calls, 0) ?? 0;
    await shows(page, page.getByText(new RegExp(`^${number(calls)} liar calls?;`)));
    await page.locator('.recharts-scatter').first().waitFor();
    await expect(
      page
        .getByRole('table', { name: 'Seat-position advantage' })
        .getByRole('row', { name: /^2 players\s+Position 1/ })
        .count(),
    ).resolves.toBe(1);
    await expect(
      page
        .getByRole('table', { name: 'CPU levels against people' })
        .getByRole('row', { name: /^Easy/ })
        .innerText(),
    ).resolves.toMatch(/^Easy\s+1\s/);
    // The table of a chart opens for everyone with the keyboard
    const show = page.getByRole('button', { name: 'Show the numbers as a table' }).first();
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(show.getAttribute('aria-pressed')).resolves.toBe('true');
    await copiesQuery(1, 'StatsCallCalibration');
    await screenshotLightAndDark(page, 'stats-dashboards');
    await lightAgain();
  });

  it('then match search filters by every field the API has, and a row opens its replay', async () => {
    await page.goto(`/stats/matches?player=${ann.account.id}`);
    await shows(page, page.getByRole('heading', { name: 'Match search', level: 1 }));
    await page.getByLabel('Family').selectOption('PERUDO');
    await page.getByLabel('Ranked').selectOption('true');
    await page.getByLabel('Status').selectOption('FINISHED');
    await page.getByLabel('Kind').selectOption('REGULAR');
    await page.getByLabel('Disputed').selectOption('false');
    await page.getByLabel('Opened from').fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Opened up to').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel('Opened up to').press('Enter');
    await page.waitForURL(/family=PERUDO.*ranked=true/);
    const results = page.getByRole('region', { name: 'Matches found' });
    await expect(
      eventually(
        () => results.getByRole('link', { name: /^Replay/ }).count(),
        (n) => n === 2,
      ),
    ).resolves.toBe(2);
    await page.getByLabel('Only lobbies with a free seat').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await shows(page, page.getByText('No match fits this search.'));
    await page.goBack();
    await results
      .getByRole('link', { name: /^Replay/ })
      .first()
      .click();
    await page.waitForURL(/\/matches\/[^/]+\/replay/);
    await page.goBack();
    await results
      .getByRole('link', { name: /^Replay/ })
      .first()
      .waitFor();
    await screenshotLightAndDark(page, 'stats-match-search');
    await lightAgain();
  });

  it('then every statistics page fits a phone (390 px) and passes axe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of [
      '/stats',
      '/stats/leaderboards?family=perudo',
      `/stats/players/${ann.account.id}?name=${ann.account.name}`,
      '/stats/matches',
    ]) {
      await page.goto(url);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ url, overflow: overflow <= 1, violations: await seriousViolations(page) }).toEqual({
        url,
        overflow: true,
        violations: [],
      });
    }
  });
});
