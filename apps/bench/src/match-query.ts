#!/usr/bin/env node
import { performance } from 'node:perf_hooks';
import { cpuSeconds, register, runBench, startBenchApi, wholeNumberFlags } from './harness';
import { HttpConnection } from './http-connection';
import { closeAgent } from './load-client';
import { Measurements } from './measurements';
import { speedCheck, speedLine } from './speed-check';
import { ms, quantile } from './stats';
import { type Account, Table } from './table';

const USAGE = 'usage: npm run bench:match-query -- [--matches N] [--repeats N]   (defaults 16, 20)';

/** What the console's replay page asks of a match (its MatchFields fragment, inlined). */
const MATCH = `query($id: ID!) { match(id: $id) {
  id ruleset kind ranked status revision host me myDice toAct turnDeadline winner placements commitment seed
  options { startingDice wildOnes spotOn palifico bullets turnSeconds }
  seats { seat kind difficulty player handedToCpu name dice bullets out }
  round { number starter palifico bids { by quantity face } }
  history { number starter palifico bids { by quantity face } hands { seat dice }
    end { call by bid { by quantity face } count holds losers eliminated shots { player bullets chamber fatal } } }
  legalActions { type quantity face }
} }`;

interface Plan {
  readonly matches: number;
  readonly repeats: number;
}

interface Pass {
  readonly name: string;
  readonly times: number[];
  cpuSeconds: number;
}

/** How a pass asks: the query for one match (its answer as JSON), the API's process, each match's first answer. */
interface Asking {
  readonly post: (id: string) => Promise<string>;
  readonly apiPid: number | undefined;
  readonly answers: Map<string, string>;
}

/** Asks each match once, in order, timing each answer (request written → reply parsed) and the API's CPU. */
async function ask(pass: Pass, ids: readonly string[], { post, apiPid, answers }: Asking): Promise<void> {
  const before = cpuSeconds(apiPid);
  for (const id of ids) {
    const started = performance.now();
    const answer = await post(id);
    pass.times.push(performance.now() - started);
    if (!answers.has(id)) answers.set(id, answer);
    else if (answers.get(id) !== answer) throw new Error(`match ${id}: a later answer differs from the first`);
  }
  pass.cpuSeconds += cpuSeconds(apiPid) - before;
}

function row({ name, times, cpuSeconds: cpu }: Pass): string {
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return `| ${name} | ${times.length} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.9))} | ${ms(mean)} | ${ms((1000 * cpu) / times.length)} |`;
}

async function main(): Promise<void> {
  const plan: Plan | string = wholeNumberFlags(process.argv.slice(2), { matches: 16, repeats: 20 });
  if (typeof plan === 'string') {
    process.stderr.write(`${plan}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const api = await startBenchApi('liars-dice-bench-query-');
  const { base } = api;
  const opened = HttpConnection.reopening(`${base}/graphql`);
  try {
    const players: Account[] = await Promise.all(['q-a', 'q-b', 'q-c', 'q-d', 'q-e', 'q-f'].map((name) => register(`${base}/graphql`, name)));
    const table = new Table(opened.get, players, new Measurements());
    // One more match than measured: the first is asked as the others will be, to warm the query's code first.
    const ids: string[] = [];
    while (ids.length < plan.matches + 1) {
      const id = await table.playOne('PERUDO');
      if (id) ids.push(id);
    }
    const viewer = players[0] as Account;
    const post = async (id: string): Promise<string> => {
      const reply = await (await opened.get()).post<{ match: { revision: string } }>(MATCH, { id }, viewer.token);
      if (!reply.data) throw new Error(`match ${id}: ${JSON.stringify(reply.errors)}`);
      return JSON.stringify(reply.data);
    };
    const asking: Asking = { post, apiPid: api.process.pid, answers: new Map() };
    const warmUp = ids.splice(0, 1);
    for (let r = 0; r <= plan.repeats; r++) await ask({ name: 'warm-up', times: [], cpuSeconds: 0 }, warmUp, asking);
    const first: Pass = { name: 'first read of each match (the whole stream: what every read cost before)', times: [], cpuSeconds: 0 };
    const later: Pass = { name: 'later reads (the cached fold + the events past it)', times: [], cpuSeconds: 0 };
    const speedBefore = await speedCheck();
    await ask(first, ids, asking);
    for (let r = 0; r < plan.repeats; r++) await ask(later, ids, asking);
    const speed = { before: speedBefore, after: await speedCheck() };
    const events = ids.map((id) => asking.answers.get(id) ?? '').map((answer) => Number((JSON.parse(answer) as { match: { revision: string } }).match.revision) + 1);
    const p50 = (pass: Pass) => quantile(pass.times, 0.5);
    const lines = [
      `${ids.length} finished 6-seat perudo matches (events per stream: ${Math.min(...events)}–${Math.max(...events)}, mean ${(events.reduce((a, b) => a + b, 0) / events.length).toFixed(0)}), the \`match\` query as the replay page asks it, one keep-alive connection; every later answer is identical to the first.`,
      '',
      '| reads | queries | p50 | p90 | mean | API CPU per query |',
      '|---|---|---|---|---|---|',
      row(first),
      row(later),
      speedLine(speed),
      '',
      `Verdict: a later read's p50 is ${(p50(first) / p50(later)).toFixed(1)}× faster than a first read's (${ms(p50(first))} → ${ms(p50(later))}).`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    opened.close();
    closeAgent();
    await api.stop();
  }
}

runBench(main);
