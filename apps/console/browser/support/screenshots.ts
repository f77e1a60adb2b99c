import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';

/**
 * Where page screenshots go: docs/console/ when CONSOLE_SCREENSHOTS=docs (to refresh the README's pictures),
 * else a scratch directory beside the test servers' data, so a plain `npm test` leaves the tree clean.
 */
function directory(): string {
  const dir =
    process.env['CONSOLE_SCREENSHOTS'] === 'docs'
      ? path.resolve(__dirname, '../../../../docs/console')
      : path.join(process.env['CONSOLE_E2E_DIR'] ?? '/tmp', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The page as it will look once still: dice rolling in or turning over are shown landed (Playwright ends finite
 * animations; headless Chromium draws no frames between screenshots, so they would be caught half-way).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(directory(), `${name}.png`), fullPage: false, animations: 'disabled' });
}

/**
 * The page as it is, in the light theme and then the dark one (switched with the theme button, as a reader
 * would), each checked with axe first: `<name>-light.png` and `<name>-dark.png`. `inView`: a part of a long page
 * to show in both (the theme button is at the top: pressing it scrolls the page up).
 */
export async function screenshotLightAndDark(page: Page, name: string, inView?: Locator): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await inView?.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-light`);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.locator('html[data-theme="dark"]').waitFor();
  await inView?.scrollIntoViewIfNeeded();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `${name}-dark`);
}
