import { seriousViolations } from './support/axe';
import { openBrowser, type Browser } from './support/browser';
import { commandId, graphql, registerPlayer, startedMatchAgainstCpus, uniqueName } from './support/api';
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
    await expect(page.locator('.table-seats .die').count()).resolves.toBeGreaterThan(0);
    expect(await page.locator('.table-seats .die:not(.hidden-die)').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your move' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'spectate-dark');
  });
});

describe('given a guest watching a lobby, when its only player leaves', () => {
  it('then the room says, live, that the lobby was closed', async () => {
    const { page } = browser;
    const token = await registerPlayer(uniqueName('alone'));
    const created = await graphql<{ createMatch: { id: string } }>(
      'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
      { i: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } },
      token,
    );
    const matchId = created.createMatch.id;
    await page.goto(`/matches/${matchId}`);
    await page.getByText('Spectating: public view.').waitFor();
    expect(await page.getByText(/This lobby was closed/).count()).toBe(0);
    await graphql('mutation($i: MatchCommandInput!) { leaveMatch(input: $i) { id } }', { i: { matchId, commandId: commandId() } }, token);
    await page.getByRole('status').filter({ hasText: 'This lobby was closed: everyone left before the match started.' }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
