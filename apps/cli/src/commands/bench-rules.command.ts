import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { foldThroughput, visitThroughput } from '../bench-rules/fold-throughput';
import { pipeThroughput, scenarioLine } from '../bench-rules/ndjson-throughput';
import { recordMatch, type RecordedMatch } from '../bench-rules/recorded-matches';
import type { CliCommand } from './cli-command';

const FOLD_TARGET = 5_000_000;
const NDJSON_TARGET = 5_000;
const NDJSON_LINES = 30_000;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** `npm run bench:rules`: prints a Markdown report (committed as docs/benchmarks/rules.md). */
export const benchRulesCommand: CliCommand = {
  summary: 'benchmark the rules engine: fold throughput and scenario --ndjson throughput',
  async run(args) {
    const count = Number(args[0] ?? 3000);
    if (!Number.isInteger(count) || count < 10) {
      process.stderr.write('usage: bench-rules [MATCHES ≥ 10]\n');
      return 2;
    }
    const out = (line = '') => process.stdout.write(`${line}\n`);
    const matches = Array.from({ length: count }, (_, i) => recordMatch(i));
    const logs = matches.map((m) => m.events);
    const events = logs.reduce((n, log) => n + log.length, 0);
    out('# Rules engine benchmark');
    out();
    out(`Command: \`npm run bench:rules\` · Node ${process.version} · ${cpus()[0]?.model ?? 'cpu'} · ${new Date().toISOString()}`);
    out();
    out(`Recorded ${fmt(count)} complete matches (all three families, 2–6 players, fairness-derived dice): ${fmt(events)} events, ${(events / count).toFixed(1)} per match.`);
    out();
    const folded = foldThroughput(logs);
    const visited = visitThroughput(logs);
    out(`Load average when the run started: ${loadavg().map((n) => n.toFixed(2)).join(', ')} on ${cpus().length} cores (the fold runs on one).`);
    out();
    out('| measurement | result | target / baseline | verdict |');
    out('|---|---|---|---|');
    const verdict = (n: number, target: number) => (n >= target ? 'met' : 'MISSED');
    out(`| fold recorded matches, median of ${folded.passes} passes | ${fmt(folded.median)} events/s | ≥ ${fmt(FOLD_TARGET)} events/s | ${verdict(folded.median, FOLD_TARGET)} |`);
    out(`| fold recorded matches, fastest pass | ${fmt(folded.best)} events/s | ≥ ${fmt(FOLD_TARGET)} events/s | ${verdict(folded.best, FOLD_TARGET)} |`);
    out(`| baseline: visit events without folding (median) | ${fmt(visited.median)} events/s | fold is ${(visited.median / folded.median).toFixed(1)}× slower | – |`);
    // Enough lines that the child's start-up (part of "end to end") does not dominate.
    const lines = Array.from({ length: Math.max(NDJSON_LINES, count) }, (_, i) => scenarioLine(matches[i % count] as RecordedMatch, i));
    const cli = join(__dirname, '..', 'main.js');
    const ndjson = await pipeThroughput(process.execPath, [cli, 'scenario', '--ndjson'], lines);
    const echo = await pipeThroughput(process.execPath, ['-e', ECHO], lines);
    out(`| \`scenario --ndjson\` end to end (${fmt(lines.length)} typical scenarios) | ${fmt(ndjson)} scenarios/s | ≥ ${fmt(NDJSON_TARGET)} scenarios/s | ${ndjson >= NDJSON_TARGET ? 'met' : 'MISSED'} |`);
    out(`| baseline: a Node process that only parses and re-serialises each line | ${fmt(echo)} lines/s | rulings cost ${(echo / ndjson).toFixed(1)}× the I/O floor | – |`);
    return 0;
  },
};

const ECHO = `const rl=require('node:readline').createInterface({input:process.stdin});const out=[];rl.on('line',l=>out.push(JSON.stringify(JSON.parse(l))+'\\n'));rl.on('close',()=>process.stdout.write(out.join('')));`;
