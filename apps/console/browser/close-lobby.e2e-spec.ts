import { seriousViolations } from './support/axe';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { commandId, graphql, newAccount } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** What the page's focused element says (its text), to follow focus through the confirm step. */
const focused = () => browser.page.evaluate(() => document.activeElement?.textContent ?? null);

// A table only CPUs fill, its host watching: nobody holds a seat, so nobody can leave it; only closing ends it
// (docs/adr/0044). The first press only asks; the question has a safe answer and Escape.
describe('given a host watching a lobby only CPUs fill', () => {
  it('then "Close lobby" asks first, works from the keyboard, and the room then says the host closed it', async () => {
    const { page } = browser;
    const host = await newAccount('closer');
    const created = await graphql<{ createMatch: { id: string } }>(
      'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
      { i: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'CPU', difficulty: 'EASY' }, { kind: 'CPU' }] } },
      host.token,
    );
    const matchId = created.createMatch.id;

    // A guest watching the same lobby is offered no such button.
    await page.goto(`/matches/${matchId}`);
    await shows(page, page.getByText('Spectating: public view.'));
    expect(await page.getByRole('button', { name: 'Close lobby' }).count()).toBe(0);

    await signInAs(browser, host);
    await page.goto(`/matches/${matchId}`);
    const close = page.getByRole('button', { name: 'Close lobby' });
    await shows(page, close);
    await expect(page.getByText('Spectating: public view.').count()).resolves.toBe(1);

    // The first press asks; focus goes to the safe answer, and Escape takes the question back.
    await close.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('group', { name: 'Close this lobby? Nobody can join or start it afterwards.' });
    await shows(page, question);
    expect(await focused()).toBe('Keep it open');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Close lobby');

    // Asked again, and answered "Close it" with the keyboard.
    await page.keyboard.press('Enter');
    await shows(page, question);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Close it');
    await page.keyboard.press('Enter');

    const notice = page.getByRole('status').filter({ hasText: `This lobby was closed by ${host.account.name} before the match started.` });
    await shows(page, notice, 15_000);
    expect(await page.getByRole('button', { name: 'Close lobby' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start the match' }).count()).toBe(0);
    const view = await graphql<{ match: { status: string; closing: { reason: string; by: string } } }>(
      'query($id: ID!) { match(id: $id) { status closing { reason by } } }',
      { id: matchId },
    );
    expect(view.match).toEqual({ status: 'closed', closing: { reason: 'cancelled', by: host.account.name } });
    await screenshotLightAndDark(page, 'closed-lobby');
  });
});
