import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/i18n/locales';
import { seriousViolations } from './axe';
import { openBrowser, PHONE, signInAs, type Browser } from './browser';
import {
  adminAccount,
  commandId,
  fileDispute,
  finishedRankedMatch,
  graphql,
  newAccount,
  newAccountWithRole,
  type SignedIn,
} from './api';
import { screenshot } from './screenshots';

/**
 * The every-page sweep: every console page in every language and in both themes. Each page opens with its
 * heading, in the reader's language (`<html lang>`), with no missing or raw message key, no ICU placeholder left
 * unfilled, and no page wider than the window. Half the languages are checked in the light theme and half in the
 * dark, so each page is seen in both; axe checks each page once per theme. One spec file per theme
 * (every-page.e2e-spec.ts, every-page-dark.e2e-spec.ts), so the two halves run in two Jest workers at once: most
 * of a visit is waiting for the page to settle, not CPU (docs/adr/0025).
 */

type Who = 'moderator' | 'organiser' | 'admin' | 'guest';
interface Visit {
  readonly route: string;
  readonly url: () => string;
  readonly as: Who;
}

/** Who signs in, and what the pages with an id open (made through the API before the sweep). */
const made = {
  mia: null as unknown as SignedIn,
  orga: null as unknown as SignedIn,
  root: null as unknown as SignedIn,
  ann: null as unknown as SignedIn,
  matchId: '',
  disputeId: '',
  tournamentId: '',
};

export const VISITS: readonly Visit[] = [
  { route: '/', url: () => '/', as: 'moderator' },
  { route: '/lobby', url: () => '/lobby', as: 'moderator' },
  { route: '/live', url: () => '/live', as: 'moderator' },
  { route: '/rules', url: () => '/rules', as: 'moderator' },
  { route: '/tutorial', url: () => '/tutorial', as: 'moderator' },
  { route: '/players', url: () => '/players', as: 'moderator' },
  { route: '/players/[id]', url: () => `/players/${made.ann.account.id}`, as: 'moderator' },
  { route: '/stats', url: () => '/stats', as: 'moderator' },
  { route: '/stats/leaderboards', url: () => '/stats/leaderboards?family=perudo', as: 'moderator' },
  { route: '/stats/players/[id]', url: () => `/stats/players/${made.ann.account.id}?name=${made.ann.account.name}`, as: 'moderator' },
  { route: '/stats/matches', url: () => '/stats/matches', as: 'moderator' },
  { route: '/matches/[id]', url: () => `/matches/${made.matchId}`, as: 'moderator' },
  {
    route: '/matches/[id]/replay',
    url: () => `/matches/${made.matchId}/replay?view=full&step=1`,
    as: 'moderator',
  },
  { route: '/me', url: () => '/me', as: 'moderator' },
  { route: '/disputes', url: () => '/disputes', as: 'moderator' },
  { route: '/moderation', url: () => '/moderation', as: 'moderator' },
  {
    route: '/moderation/disputes/[id]',
    url: () => `/moderation/disputes/${encodeURIComponent(made.disputeId)}`,
    as: 'moderator',
  },
  { route: '/moderation/sanctions', url: () => '/moderation/sanctions', as: 'moderator' },
  { route: '/moderation/log', url: () => '/moderation/log', as: 'moderator' },
  { route: '/moderation/pairs', url: () => '/moderation/pairs', as: 'moderator' },
  { route: '/tournaments', url: () => '/tournaments', as: 'moderator' },
  {
    route: '/tournaments/[id]',
    url: () => `/tournaments/${encodeURIComponent(made.tournamentId)}`,
    as: 'moderator',
  },
  { route: '/tournaments/new', url: () => '/tournaments/new', as: 'organiser' },
  { route: '/operations', url: () => '/operations', as: 'admin' },
  { route: '/operations/streams', url: () => `/operations/streams?stream=match-${made.matchId}&at=1`, as: 'admin' },
  { route: '/graphiql', url: () => '/graphiql', as: 'admin' },
  { route: '/sign-in', url: () => '/sign-in', as: 'guest' },
  { route: '/register', url: () => '/register', as: 'guest' },
];

/** Every route of the app (`page.tsx` files), so a page added later without a visit here fails the test. */
export function appRoutes(dir = path.resolve(__dirname, '../../src/app'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return appRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === 'page.tsx' ? [prefix || '/'] : [];
  });
}

/** Every message key as a dotted path (`moderation.kind.WARNING`): what a missing message shows instead. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key));
}
const KEYS = keyPaths(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../messages/en.json'), 'utf8')) as unknown,
);

const DARK: readonly Locale[] = ['pt', 'es', 'fr'];
/** The first language checked in each theme also runs axe on every page. */
const AXE_IN: readonly Locale[] = ['en', 'pt'];

/** The outermost elements that stick out of the window (`table.data`, `pre.json`…): what made the page too wide. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
    const outermost = out.filter((el) => !out.includes(el.parentElement as Element));
    return outermost.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`).join(', ');
  });
}

/** What is wrong on the page as shown: raw keys, unfilled placeholders, a page wider than the window. */
async function problemsOn(page: Page, locale: Locale): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const problems = KEYS.filter((key) => text.includes(key)).map((key) => `raw key ${key}`);
  for (const placeholder of text.match(/\{[a-zA-Z]+\}/g) ?? []) problems.push(`unfilled ${placeholder}`);
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== locale) problems.push(`lang ${lang}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) problems.push(`${overflow} px wider than the window: ${await widest(page)}`);
  return problems;
}

/**
 * Sweeps every page in the languages checked in `theme`, after making what the pages with an id open. `phone`:
 * in English only, in a phone's window (PHONE): no page may be wider than it, and axe checks each.
 */
export function sweepEveryPage(theme: 'light' | 'dark', phone = false): void {
  beforeAll(async () => {
    const [mia, orga, ann, bob, root] = await Promise.all([
      newAccountWithRole('mia', 'MODERATOR'),
      newAccountWithRole('orga', 'ORGANISER'),
      newAccount('ann'),
      newAccount('bob'),
      adminAccount(),
    ]);
    const matchId = await finishedRankedMatch(ann, bob);
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const input = {
      commandId: commandId(),
      name: 'Atlas cup',
      family: 'CLASSIC',
      ranked: false,
      capacity: 8,
      minTableSize: 2,
      maxTableSize: 4,
      format: 'SWISS_TABLES',
      swissRounds: 2,
      finalTableSize: 3,
      registrationClosesAt: startsAt,
      startsAt,
    };
    const created = await graphql<{ createTournament: { id: string } }>(
      'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
      { i: input },
      orga.token,
    );
    Object.assign(made, {
      mia,
      orga,
      root,
      ann,
      matchId,
      disputeId: await fileDispute(ann, matchId, [1]),
      tournamentId: created.createTournament.id,
    });
  });

  const locales = phone ? (['en'] as const) : LOCALES.filter((locale) => DARK.includes(locale) === (theme === 'dark'));
  describe.each(locales.map((locale) => [locale, theme] as const))('in %s (%s theme)', (locale) => {
    let browser: Browser;
    const logged: string[] = [];
    let who: Who | null = null;

    beforeAll(async () => {
      browser = await openBrowser({ locale, colorScheme: theme, ...(phone ? { viewport: PHONE } : {}) });
      browser.page.on(
        'console',
        (message) =>
          message.type() === 'error' &&
          /MISSING_MESSAGE|FORMATTING_ERROR|INVALID_MESSAGE/.test(message.text()) &&
          logged.push(message.text()),
      );
    });
    afterAll(() => browser?.close());

    async function becomes(next: Who): Promise<void> {
      if (who === next) return;
      await browser.context.clearCookies();
      if (next !== 'guest') await signInAs(browser, { moderator: made.mia, organiser: made.orga, admin: made.root }[next]);
      who = next;
    }

    it.each(VISITS.map((visit) => [visit.route, visit] as const))('%s', async (_route, visit) => {
      const { page } = browser;
      await becomes(visit.as);
      await page.goto(visit.url());
      await page.locator('main h1').first().waitFor();
      // Client pages fill in after their data arrives: let them settle before reading the text
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const report = {
        page: visit.route,
        problems: await problemsOn(page, locale),
        logged: logged.splice(0),
      };
      expect(report).toEqual({ page: visit.route, problems: [], logged: [] });
      if (AXE_IN.includes(locale))
        expect({ page: visit.route, violations: await seriousViolations(page) }).toEqual({
          page: visit.route,
          violations: [],
        });
      if (visit.route === '/moderation/disputes/[id]' && !phone) await screenshot(page, `dispute-${locale}-${theme}`);
    });
  });
}
