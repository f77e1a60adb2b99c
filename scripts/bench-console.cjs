// `npm run bench:console`: the replay of a long match in a production build of the console, in Debian's
// Chromium. Prints the first load (navigation start → first step shown, performance mark) over several cold
// loads, and the time to render one step (mark → measure around each step's render) over every step, against
// the targets (first load ≤ 1.5 s, a step ≤ 16 ms) and, as the same-run baseline, the first load of the rules
// page (server-rendered, no API data).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureDependencies, build, log, quietStdout } = require('./lib.cjs');
const { buildConsole, ensureChromium, startStack } = require('./console.cjs');

const STEPS_WANTED = Number(process.env.BENCH_STEPS || 500);
const COLD_LOADS = Number(process.env.BENCH_LOADS || 5);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

async function graphql(apiUrl, query, variables, token) {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const VIEW = `query($id: ID!) { match(id: $id) { status toAct me round { bids { quantity } } seats { dice out } legalActions { type quantity face } } }`;
const COMMAND = (name, input) => `mutation($i: ${input}!) { ${name}(input: $i) { status } }`;

/**
 * A long classic match of six scripted players through the API (every bid, roll and call a real command and
 * event): each raises by the smallest legal bid (never to 1s) until the bid reaches a quarter of the dice in play, then calls
 * liar. Long rounds, like a table of cautious players; the match ends like any other (seed revealed).
 */
async function longMatch(apiUrl) {
  const stamp = Date.now().toString(36).slice(-5);
  const tokens = [];
  for (let i = 0; i < 6; i++) {
    const { register } = await graphql(apiUrl, 'mutation($i: CredentialsInput!) { register(input: $i) { token } }', { i: { name: `bench${stamp}${i}`, password: 'password-123' } });
    tokens.push(register.token);
  }
  let n = 0;
  const commandId = () => `bench-${stamp}-${n++}`;
  const seats = tokens.map(() => ({ kind: 'HUMAN' }));
  const created = 'mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }';
  const { createMatch } = await graphql(apiUrl, created, { i: { commandId: commandId(), ruleset: 'CLASSIC', seats } }, tokens[0]);
  const id = createMatch.id;
  for (const token of tokens.slice(1)) await graphql(apiUrl, COMMAND('joinMatch', 'JoinMatchInput'), { i: { matchId: id, commandId: commandId() } }, token);
  await graphql(apiUrl, COMMAND('startMatch', 'MatchCommandInput'), { i: { matchId: id, commandId: commandId() } }, tokens[0]);
  const views = await Promise.all(tokens.map((token) => graphql(apiUrl, VIEW, { id }, token)));
  const seatOf = new Map(views.map((v, i) => [v.match.me, tokens[i]]));
  for (let guard = 0; guard < 5000; guard++) {
    const { match } = await graphql(apiUrl, VIEW, { id }, tokens[0]);
    if (match.status === 'finished') break;
    const token = seatOf.get(match.toAct);
    const mine = (await graphql(apiUrl, VIEW, { id }, token)).match;
    const dice = mine.seats.reduce((sum, seat) => sum + seat.dice, 0);
    const last = mine.round?.bids.at(-1);
    const bids = mine.legalActions.filter((a) => a.type === 'bid' && a.face !== 1);
    const bid = bids.sort((a, b) => a.quantity - b.quantity || a.face - b.face)[0];
    if (last && (last.quantity >= Math.ceil(dice / 4) || !bid)) {
      await graphql(apiUrl, COMMAND('callLiar', 'MatchCommandInput'), { i: { matchId: id, commandId: commandId() } }, token);
    } else {
      await graphql(apiUrl, COMMAND('placeBid', 'PlaceBidInput'), { i: { matchId: id, commandId: commandId(), quantity: bid.quantity, face: bid.face } }, token);
    }
  }
  const { matchReplay } = await graphql(apiUrl, 'query($id: ID!) { matchReplay(id: $id, count: 1) { total } }', { id });
  if (matchReplay.total < STEPS_WANTED) throw new Error(`the scripted match has ${matchReplay.total} steps, fewer than ${STEPS_WANTED}`);
  return { id, total: matchReplay.total };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const ms = (n) => `${n.toFixed(1)} ms`;

/** A page with the HTTP cache off: every load fetches the HTML, scripts and data again (a first visit). */
async function coldPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

async function firstLoad(context, url, mark) {
  const page = await coldPage(context);
  await page.goto(url);
  await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark').length > 0, mark, { timeout: 30_000 });
  const at = await page.evaluate((name) => performance.getEntriesByName(name, 'mark')[0].startTime, mark);
  await page.close();
  return at;
}

async function main() {
  quietStdout(); // installs and builds report on stderr: stdout is the benchmark's output
  ensureDependencies();
  build();
  buildConsole();
  const chromium = require('playwright-core').chromium;
  const executablePath = ensureChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-console-'));
  const stack = await startStack({ dataDir, apiEnv: { BOT_THINK_MS: '0', RATE_LIMIT_PER_MINUTE: '10000000' } });
  process.env.HOME = dataDir;
  const context = await chromium.launchPersistentContext(path.join(dataDir, 'profile'), { executablePath, args: FLAGS, viewport: { width: 1280, height: 900 } });
  try {
    const { id, total } = await longMatch(stack.apiUrl);
    log(`benchmarking the replay of ${id} (${total} steps)`);
    const replayUrl = `${stack.consoleUrl}/matches/${id}/replay?step=0&view=full`;
    // One load of each page first, so the server has its routes loaded (a running console, not a cold process).
    await firstLoad(context, replayUrl, 'replay:first-step');
    await rulesLoad(context, `${stack.consoleUrl}/rules`);
    const loads = [];
    const rules = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      loads.push(await firstLoad(context, replayUrl, 'replay:first-step'));
      rules.push(await rulesLoad(context, `${stack.consoleUrl}/rules`));
    }
    const steps = await stepRenders(context, replayUrl, total);
    report({ id, total, loads, rules, steps });
  } finally {
    await context.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rules page's load (DOMContentLoaded after navigation start): the same machine's floor for a page. */
async function rulesLoad(context, url) {
  const page = await coldPage(context);
  await page.goto(url, { waitUntil: 'load' });
  const at = await page.evaluate(() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd);
  await page.close();
  return at;
}

/** Steps forward through the whole match with →, waiting until every window has arrived first. */
async function stepRenders(context, url, total) {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByText(`Step 1 of ${total}`).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !/loading \d+\/\d+/.test(document.body.innerText), undefined, { timeout: 60_000 });
  await page.evaluate(() => performance.clearMeasures('replay:step'));
  for (let i = 1; i < total; i++) await page.keyboard.press('ArrowRight');
  await page.getByText(`Step ${total} of ${total}`).first().waitFor();
  const durations = await page.evaluate(() => performance.getEntriesByName('replay:step', 'measure').map((m) => m.duration));
  await page.close();
  return durations;
}

function report({ id, total, loads, rules, steps }) {
  const sortedLoads = [...loads].sort((a, b) => a - b);
  const sortedSteps = [...steps].sort((a, b) => a - b);
  const sortedRules = [...rules].sort((a, b) => a - b);
  const loadMedian = quantile(sortedLoads, 0.5);
  const p50 = quantile(sortedSteps, 0.5);
  const p99 = quantile(sortedSteps, 0.99);
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  const lines = [
    `Replay benchmark — match ${id} (classic, six players), ${total} steps, every-hand view, production build, Chromium ${FLAGS.join(' ')}`,
    `load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`,
    '',
    `first load (navigation → first step shown), ${loads.length} loads with the HTTP cache off: median ${ms(loadMedian)}, min ${ms(sortedLoads[0])}, max ${ms(sortedLoads.at(-1))} — target ≤ 1500 ms: ${verdict(loadMedian <= 1500)}`,
    `baseline, rules page (no API data) DOMContentLoaded: median ${ms(quantile(sortedRules, 0.5))}`,
    `step render (→ pressed, render + commit), ${steps.length} steps: p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(sortedSteps.at(-1))} — target ≤ 16 ms: ${verdict(p50 <= 16 && p99 <= 16)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
