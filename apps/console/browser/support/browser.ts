import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The flags the project runs Debian's Chromium with (no GPU, no background traffic). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

export const consoleUrl = (): string => process.env['CONSOLE_URL'] ?? 'http://127.0.0.1:3000';

/** A phone's window (an iPhone 12–15's CSS pixels): every page must be usable this narrow. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A fresh profile in a temporary directory (Chromium also writes under HOME, so HOME points there too). `args`: more
 * Chromium flags.
 */
export async function openBrowser(
  options: {
    locale?: string;
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    reducedMotion?: 'reduce' | 'no-preference';
    args?: readonly string[];
  } = {},
): Promise<Browser> {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-chromium-'));
  process.env['HOME'] = dir;
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [...FLAGS, ...(options.args ?? [])],
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    baseURL: consoleUrl(),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for a locator; when it never shows, the error says what the page showed instead (for CI logs). */
export async function shows(page: Page, locator: ReturnType<Page['getByRole']>, timeout = 30_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const text = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no main)');
    throw new Error(`${(error as Error).message.split('\n')[0]}\nat ${page.url()}, the page showed:\n${text.slice(0, 800)}`);
  }
}

/**
 * Signs the browser in as an account the test made through the API (the cookie the sign-in page writes; without
 * `expiresAt`, a cookie as written before sessions were renewed).
 */
export async function signInAs(browser: Browser, session: { token: string; expiresAt?: string; account: { id: string; name: string; role: string } }): Promise<void> {
  const value = encodeURIComponent(JSON.stringify({ token: session.token, account: session.account, expiresAt: session.expiresAt }));
  await browser.context.addCookies([{ name: 'ld_session', value, url: consoleUrl(), sameSite: 'Lax' }]);
}

/** Resolves once the page has sent the subscription `operation` over its websocket (set up before the page opens). */
/**
 * The operation a GraphQL request body names (`operationName`): the console sends its operations by hash (ADR 0065),
 * so the body carries the name, not the text. Null for anything else.
 */
export function operationOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const name = (JSON.parse(body) as { operationName?: unknown }).operationName;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export function subscribed(page: Page, operation: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes(operation) && resolve()));
  });
}
