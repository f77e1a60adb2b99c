import type { WebSocketRoute } from 'playwright-core';
import { openBrowser, type Browser } from './support/browser';
import { uniqueName } from './support/api';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe('given a player at a table, when the connection drops as they bid', () => {
  // 1012 (service restart): what a client sees when the API restarts; graphql-ws retries it by itself.
  // 1011 (server error): graphql-ws gives up on it; the console subscribes again.
  it.each([1012, 1011])('(close %i) then the bid goes through once the network is back, and the table catches up over a new socket', async (code) => {
    const { page, context } = browser;
    const sockets: WebSocketRoute[] = [];
    // Every console websocket passes through here, so the test can cut one like a dropped connection.
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      sockets.push(ws);
      ws.connectToServer();
    });
    if (code === 1012) {
      await page.goto('/register');
      await page.getByLabel('Name').fill(uniqueName('net'));
      await page.getByLabel('Password').fill('password-123');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL('**/lobby');
    } else {
      await page.goto('/lobby');
    }
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForURL(/\/matches\/[^/]+$/);
    await page.getByRole('button', { name: 'Start the match' }).click();
    const bid = page.getByRole('button', { name: /^Bid \d/ });
    await bid.waitFor({ timeout: 20_000 });
    const label = (await bid.textContent())?.replace(/^Bid /, '') ?? '';
    const before = await page.locator('ol.bids li').count();

    await context.setOffline(true);
    await sockets.at(-1)?.close({ code, reason: 'dropped by the test' });
    await bid.click();
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
    await page.waitForTimeout(1_500);
    await context.setOffline(false);

    await page.locator('ol.bids li').nth(before).waitFor({ timeout: 20_000 });
    await expect(page.locator('ol.bids li').nth(before).textContent()).resolves.toContain(label.replace(/\s/g, ' '));
    // The CPU answers after the drop: its move reaches the page through the new socket (no reload).
    await page.waitForFunction((count) => document.querySelectorAll('ol.bids li').length > count + 1 || document.querySelector('.reveal') !== null, before, { timeout: 20_000 });
    expect(sockets.length).toBeGreaterThan(1);
    expect(await page.locator('.problem').allTextContents()).toEqual([]);
  });
});
