import { seriousViolations } from './support/axe';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { graphql, newAccount } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('given a host on the create-match form, naming a CPU seat', () => {
  it('then a name the API would refuse is named under its field before anything is sent; a good one shows at the table and in the lobby', async () => {
    const { page } = browser;
    const host = await newAccount('namer');
    await signInAs(browser, host);
    const creates: string[] = [];
    page.on('request', (request) => void ((request.postData() ?? '').includes('CreateMatch') && creates.push(request.postData() ?? '')));
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Create a match' }));
    // Four seats: the host, a CPU to name, an unnamed CPU and one left for a person (so the table is listed as open)
    await page.getByLabel('Players', { exact: true }).selectOption('4');
    await page.getByLabel('Seat 4', { exact: true }).selectOption('HUMAN');
    const name = page.getByLabel('Name of seat 2 (optional)');

    // From the keyboard: a refused name, then Enter in the field submits the form
    await name.focus();
    await page.keyboard.type('Ada!');
    await page.keyboard.press('Enter');
    const problem = page.getByText("A CPU’s name: up to 24 letters, digits, spaces and . ' _ -");
    await shows(page, problem);
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'))).toBe(await problem.getAttribute('id'));
    expect(creates).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotLightAndDark(page, 'create-match-cpu-name');

    // Corrected, the problem goes, and the match is created with the name (spaces at either end dropped)
    await name.fill(' Ada ');
    await problem.waitFor({ state: 'detached' });
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    const matchId = page.url().split('/').at(-1) ?? '';
    expect(creates).toHaveLength(1);
    expect(JSON.parse(creates[0] ?? '{}')).toMatchObject({ variables: { input: { seats: [{ kind: 'HUMAN' }, { kind: 'CPU', difficulty: 'MEDIUM', name: 'Ada' }, { kind: 'CPU', difficulty: 'MEDIUM' }, { kind: 'HUMAN' }] } } });
    await shows(page, page.getByText('Ada (CPU, medium)'));
    // The unnamed CPU goes by the first roster name (ADR 0075), not a bare "CPU (medium)"
    await shows(page, page.getByText('B. Pascal (CPU, medium)', { exact: true }));

    // The lobby lists each seat as the table names it (ADR 0030): the named CPU with its level, the unnamed CPU by
    // its roster name, the free seat; and when the lobby expires, as the server says
    await page.goto('/lobby');
    const row = page.getByRole('table', { name: 'Open matches' }).getByRole('row').filter({ hasText: host.account.name });
    await shows(page, row.getByRole('listitem').filter({ hasText: 'Ada (CPU, medium)' }), 15_000);
    expect(await row.getByRole('listitem').allTextContents()).toEqual([host.account.name, 'Ada (CPU, medium)', 'B. Pascal (CPU, medium)', 'free seat']);
    const expiry = await row.locator('time').getAttribute('datetime');
    const view = await graphql<{ match: { lobbyExpiresAt: number | null } }>('query($id: ID!) { match(id: $id) { lobbyExpiresAt } }', { id: matchId });
    // The list's time is the store's commit of the last command, the view's its writer's acknowledgement: within a second
    expect(Math.abs(Date.parse(expiry ?? '') - (view.match.lobbyExpiresAt ?? Number.NaN))).toBeLessThan(1_000);
    await expect(page.getByText('A waiting lobby closes at the time shown unless someone joins, leaves or starts it first.').isVisible()).resolves.toBe(true);
    // (back to the light theme the first pictures left behind, for the lobby's own pair)
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.locator('html[data-theme="light"]').waitFor();
    await screenshotLightAndDark(page, 'lobby-seats');
  });
});
