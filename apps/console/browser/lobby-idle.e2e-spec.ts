import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { graphql, newAccount } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

// A host chooses how long their lobby may wait idle (docs/adr/0061). The shared test API keeps the default idle
// time, 30 minutes, under the default ceiling of a day: the form offers shorter and longer waits.

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** The texts of a select's options, once the server's idle times have arrived (all of them at once). */
async function optionsOf(select: ReturnType<Browser['page']['getByLabel']>): Promise<string[]> {
  await select.locator('option').nth(2).waitFor({ state: 'attached' });
  return select.locator('option').allTextContents();
}

describe('given a host on the create-match form, choosing the lobby idle time (ADR 0061)', () => {
  it('then the form offers the server default and the durations up to the ceiling, shorter and longer, in the reader\'s language and from the keyboard; the room then warns by the chosen time', async () => {
    const { page } = browser;
    const host = await newAccount('idlehost');
    await signInAs(browser, host);
    const creates: string[] = [];
    page.on('request', (request) => void ((request.postData() ?? '').includes('CreateMatch') && creates.push(request.postData() ?? '')));
    await page.goto('/lobby');
    await shows(page, page.getByRole('heading', { name: 'Create a match' }));

    // In Japanese first (a language switch draws the form anew), then back in English
    await page.getByLabel('Language').selectOption('ja');
    expect(await optionsOf(page.getByLabel('待機のまま閉じるまでの時間'))).toEqual(['30分（サーバーの既定）', '5分', '15分', '1時間', '2時間', '4時間', '8時間', '1日']);
    await page.getByLabel('言語').selectOption('en');
    const idle = page.getByLabel('Close the lobby if idle for');
    expect(await optionsOf(idle)).toEqual(['30 minutes (server default)', '5 minutes', '15 minutes', '1 hour', '2 hours', '4 hours', '8 hours', '1 day']);
    await expect(idle.getAttribute('aria-describedby')).resolves.toBeTruthy();

    // From the keyboard: the closed select takes the next choice with the arrow key
    await idle.focus();
    await page.keyboard.press('ArrowDown');
    await expect(idle.inputValue()).resolves.toBe('300');
    await screenshotLightAndDark(page, 'create-match-idle-time', idle);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    // When created, the choice is sent, and the room (5 minutes left at most) warns at once by that time
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    expect(creates).toHaveLength(1);
    expect(JSON.parse(creates[0] ?? '{}')).toMatchObject({ variables: { input: { lobbyIdleSeconds: 300 } } });
    await shows(page, page.getByRole('status').filter({ hasText: 'This lobby closes in 4 minutes unless someone joins, leaves or starts it.' }));

    // And the API's view says the lobby's own idle time and when it closes
    const matchId = page.url().split('/').at(-1) ?? '';
    const view = await graphql<{ match: { lobbyIdleSeconds: number | null; lobbyExpiresAt: number | null; committedAt: number | null } }>(
      'query($id: ID!) { match(id: $id) { lobbyIdleSeconds lobbyExpiresAt committedAt } }',
      { id: matchId },
    );
    expect(view.match.lobbyIdleSeconds).toBe(300);
    expect(view.match.lobbyExpiresAt).toBe(Math.ceil(view.match.committedAt ?? Number.NaN) + 300_000);

    // Closed here, so no other file's open-lobby list has it for the next five minutes
    await page.getByRole('button', { name: 'Close lobby' }).click();
    await page.getByRole('button', { name: 'Close it' }).click();
    await shows(page, page.getByRole('status').filter({ hasText: `This lobby was closed by ${host.account.name}` }));
  });
});
