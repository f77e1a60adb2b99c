import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { finishedRankedMatch, newAccount, type SignedIn } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

let browser: Browser;
let ann: SignedIn;
/** Every request the page tried to send anywhere but the console's own origin (refused: the test's "no network"). */
const elsewhere: string[] = [];
/** The GraphQL requests GraphiQL sent, with their Authorization header. */
const sent: { body: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  ann = await newAccount('analyst');
  const bob = await newAccount('rival');
  await finishedRankedMatch(ann, bob);
  browser = await openBrowser();
  const origin = new URL(process.env['CONSOLE_URL'] ?? 'http://127.0.0.1:3000').origin;
  // No network but the console (which passes /graphql on to the API): a CDN, a font host or anything else is refused.
  await browser.context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  browser.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') sent.push({ body: request.postData() ?? '', authorization: request.headers()['authorization'] });
  });
  await signInAs(browser, ann);
});
afterAll(() => browser?.close());

describe('given GraphiQL served by the console, with no network but the console and its API', () => {
  it('then it loads from the console\'s own bundle, runs the first example as the signed-in player, and shows the answer', async () => {
    const { page } = browser;
    await page.goto('/graphiql');
    await shows(page, page.getByRole('heading', { name: 'GraphiQL', level: 1 }));
    await shows(page, page.getByText(`Queries run as ${ann.account.name}`));
    // The editor and its example tabs, from the bundle (no introspection: the schema is the bundle's too).
    const run = page.getByRole('button', { name: /^Execute query/ });
    await shows(page, run);
    // One example per tab (its strip shown as a group of buttons, the current one marked).
    const tabs = page.getByRole('group', { name: 'Select active operation' });
    await shows(page, tabs.getByRole('button', { name: 'PlayerStats' }));
    expect(await tabs.getByRole('button', { name: 'PlayerStats' }).getAttribute('aria-current')).toBe('true');
    for (const example of ['GlobalStats', 'Ratings', 'Matches']) await shows(page, tabs.getByRole('button', { name: example }));
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor();
    await run.click();
    const response = page.locator('.result-window');
    await shows(page, response.getByText('"playerStats"'), 30_000);
    await shows(page, response.getByText('"perudo"'));
    const query = sent.find((s) => s.body.includes('playerStats'));
    expect(query?.authorization).toBe(`Bearer ${ann.token}`);
    expect(sent.some((s) => s.body.includes('__schema'))).toBe(false);
    expect(elsewhere).toEqual([]);
    await screenshotLightAndDark(page, 'graphiql');
  });
});
