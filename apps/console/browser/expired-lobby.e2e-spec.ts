import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBrowser, shows, signInAs, type Browser } from './support/browser';
import { commandId, graphql, newAccount } from './support/api';
import { screenshotLightAndDark } from './support/screenshots';

// An idle casual lobby warns in its last minutes that it will close, expires by itself (ADR 0048)
// and its room says so, live, in the reader's language. The shared test API keeps the default idle time (30
// minutes: other files' lobbies must not expire under them), so this file starts its own API and `next start` with
// LOBBY_IDLE_SECONDS=60: a wait of one minute, mostly idle, all of it inside the warning's last five minutes.

jest.setTimeout(360_000);

interface Stack {
  readonly apiUrl: string;
  readonly consoleUrl: string;
  stop(): Promise<unknown>;
}
const { startStack } = createRequire(__filename)('../../../scripts/console.cjs') as { startStack: (options: { dataDir: string; apiEnv: Record<string, string> }) => Promise<Stack> };

/** The notice for a lobby that expired after one minute in each of the console's languages, and that language's name for the language switch. */
const EXPIRED: readonly { locale: string; label: string; text: string }[] = [
  { locale: 'es', label: 'Idioma', text: 'Esta sala caducó tras 1 minuto sin que nadie entrara, saliera ni empezara la partida. Abre una partida nueva desde la sala.' },
  { locale: 'fr', label: 'Langue', text: 'Ce salon a expiré après 1 minute sans que personne ne le rejoigne, ne le quitte ni ne lance la partie. Ouvrez une nouvelle partie depuis le salon.' },
  { locale: 'it', label: 'Lingua', text: 'Questa sala è scaduta dopo 1 minuto senza che nessuno entrasse, uscisse o avviasse la partita. Apri una nuova partita dalla sala.' },
  { locale: 'ja', label: '言語', text: 'このロビーは1分間、だれも参加・退出・開始しなかったため期限切れになりました。ロビーから新しい対局を作成してください。' },
  { locale: 'pt', label: 'Idioma', text: 'Este salão expirou após 1 minuto sem que ninguém entrasse, saísse ou começasse a partida. Abra uma nova partida a partir do salão.' },
  { locale: 'en', label: 'Language', text: 'This lobby expired after 1 minute with nobody joining, leaving or starting it. Open a new match from the lobby.' },
];

/** The warning of a lobby with less than a minute left, in each language (in the order of EXPIRED). */
const CLOSES_SOON: Readonly<Record<string, string>> = {
  es: 'Esta sala se cerrará en menos de un minuto si nadie entra, sale ni empieza la partida.',
  fr: 'Ce salon fermera dans moins d’une minute si personne ne le rejoint, ne le quitte ni ne lance la partie.',
  it: 'Questa sala si chiuderà tra meno di un minuto se nessuno entra, esce o avvia la partita.',
  ja: 'このロビーは、だれも参加・退出・開始しなければ1分以内に閉じられます。',
  pt: 'Este salão fecha em menos de um minuto se ninguém entrar, sair ou começar a partida.',
  en: 'This lobby closes in less than a minute unless someone joins, leaves or starts it.',
};

/** A two-seat lobby `host` opens, and the moments just before its request and just after its reply. */
async function openLobby(host: { token: string }): Promise<{ matchId: string; sent: number; answered: number }> {
  const sent = Date.now();
  const created = await graphql<{ createMatch: { id: string } }>(
    'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }',
    { i: { commandId: commandId(), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } },
    host.token,
  );
  return { matchId: created.createMatch.id, sent, answered: Date.now() };
}

/** Switches the page to each language in turn (as a reader would, ending back in English), each showing its text. */
async function inEachLanguage(page: Browser['page'], textIn: (locale: string) => string): Promise<void> {
  for (const [i, { locale }] of EXPIRED.entries()) {
    await page.getByLabel(i === 0 ? 'Language' : (EXPIRED[i - 1]?.label ?? '')).selectOption(locale);
    await shows(page, page.getByRole('status').filter({ hasText: textIn(locale) }));
  }
}

let stack: Stack;
let dataDir: string;
let browser: Browser;
const shared = { CONSOLE_URL: process.env['CONSOLE_URL'], CONSOLE_API_URL: process.env['CONSOLE_API_URL'] };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-expiry-'));
  stack = await startStack({ dataDir, apiEnv: { LOBBY_IDLE_SECONDS: '60', RATE_LIMIT_PER_MINUTE: '1000000', JWT_SECRET: 'expiry-e2e-secret-0123456789-0123456789' } });
  // The helpers (support/api.ts, support/browser.ts) read where the stack is from here; put back in afterAll.
  Object.assign(process.env, { CONSOLE_URL: stack.consoleUrl, CONSOLE_API_URL: stack.apiUrl });
  browser = await openBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const [key, value] of Object.entries(shared)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('given a host waiting in a lobby nobody joins', () => {
  it('then the room warns when it will close (the server\'s time), and after LOBBY_IDLE_SECONDS turns, live, into a notice that it expired after 1 minute idle, in all six languages', async () => {
    const { page } = browser;
    const host = await newAccount('idler');
    const { matchId, sent, answered } = await openLobby(host);

    // The server says when the lobby expires: its commit time (between the request and the reply) plus 60 s.
    const before = await graphql<{ match: { status: string; lobbyExpiresAt: number | null } }>('query($id: ID!) { match(id: $id) { status lobbyExpiresAt } }', { id: matchId });
    expect(before.match.status).toBe('lobby');
    expect(before.match.lobbyExpiresAt).toBeGreaterThanOrEqual(sent + 60_000);
    expect(before.match.lobbyExpiresAt).toBeLessThanOrEqual(answered + 60_000 + 1);

    // The host watches the room while it waits for players: with under a minute left, it warns, quietly.
    await signInAs(browser, host);
    await page.goto(`/matches/${matchId}`);
    await shows(page, page.getByRole('button', { name: 'Close lobby' }));
    const warning = page.getByRole('status').filter({ hasText: CLOSES_SOON['en'] ?? '' });
    await shows(page, warning);
    await screenshotLightAndDark(page, 'lobby-expiry-warning');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.locator('html[data-theme="light"]').waitFor();

    // A minute later, with no reload, the room says the lobby expired and offers nothing to do there any more.
    const notice = page.getByRole('status').filter({ hasText: EXPIRED.at(-1)?.text ?? '' });
    await shows(page, notice, 180_000);
    expect(await warning.count()).toBe(0);
    for (const name of ['Close lobby', 'Start the match', 'Waiting for players…', 'Leave']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    const view = await graphql<{ match: { status: string; lobbyExpiresAt: number | null; closing: Record<string, unknown> } }>(
      'query($id: ID!) { match(id: $id) { status lobbyExpiresAt closing { reason by idleSeconds } } }',
      { id: matchId },
    );
    expect(view.match).toEqual({ status: 'closed', lobbyExpiresAt: null, closing: { reason: 'expired', by: null, idleSeconds: 60 } });
    await screenshotLightAndDark(page, 'expired-lobby');

    // Each language says the same (switched as a reader would, ending back in English).
    await inEachLanguage(page, (locale) => EXPIRED.find((e) => e.locale === locale)?.text ?? '');

    // And a second lobby's warning in each language, while it still waits (a minute, for six switches).
    const second = await openLobby(host);
    await page.goto(`/matches/${second.matchId}`);
    await inEachLanguage(page, (locale) => CLOSES_SOON[locale] ?? '');
  });
});
