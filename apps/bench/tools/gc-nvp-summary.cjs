#!/usr/bin/env node
// Summarises V8's `--trace-gc-nvp` lines (one name=value line per collection) of the API, per isolate, and for the
// main thread's scavenges where their time went: roots and remembered set, the parallel copying phase, weak
// handles, array buffers; bytes that survived in new space and bytes promoted; and the slowest tenth beside the
// median ones (did the slow ones copy more, or copy the same slower — a helper thread waiting for a core?).
//
//   BENCH_NODE_ARGS="--heap-growing-percent=300 --trace-gc-nvp" BENCH_API_STDOUT=/tmp/gc.log \
//     npm run --silent simulate -- tables --count 1000 --seconds 60
//   node apps/bench/tools/gc-nvp-summary.cjs /tmp/gc.log [--from S] [--to S]   (S: seconds since the API started)
//
// The main isolate is the one that logged first (the API's main thread starts before its workers).
const fs = require('node:fs');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!file) {
  process.stderr.write('usage: node apps/bench/tools/gc-nvp-summary.cjs TRACE_FILE [--from SECONDS] [--to SECONDS]\n');
  process.exit(2);
}
const from = option('--from', 0) * 1000;
const to = option('--to', Infinity) * 1000;

/** `[pid:isolate]  time ms: a=1 b=2 …` → { isolate, at, fields }; other lines (Node's own output) → null. */
function parse(line) {
  const head = /^\[(\d+):(0x[0-9a-f]+)\]\s+([\d.]+) ms: (pause=.*)$/.exec(line);
  if (!head) return null;
  const fields = {};
  for (const pair of head[4].split(' ')) {
    const eq = pair.indexOf('=');
    if (eq > 0) fields[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/%$/, '');
  }
  return { isolate: head[2], at: Number(head[3]), fields };
}

const events = fs.readFileSync(file, 'utf8').split('\n').map(parse).filter(Boolean);
const isolates = [...new Set(events.map((e) => e.isolate))];
const num = (e, key) => Number(e.fields[key] ?? NaN);
const quantile = (values, q) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const mib = (n) => (n / 2 ** 20).toFixed(2);

console.log(`${file}: ${events.length} collections, ${isolates.length} isolates; window ${from / 1000}–${to === Infinity ? 'end' : to / 1000} s of isolate time`);
console.log('\nPer isolate (gc=s scavenge, ms mark-compact; pauses in ms):');
for (const [i, isolate] of isolates.entries()) {
  const mine = events.filter((e) => e.isolate === isolate && e.at >= from && e.at <= to);
  const kinds = [...new Set(mine.map((e) => e.fields.gc))];
  const parts = kinds.map((kind) => {
    const pauses = mine.filter((e) => e.fields.gc === kind).map((e) => num(e, 'pause'));
    return `${kind}: ${pauses.length} × mean ${f1(mean(pauses))} p50 ${f1(quantile(pauses, 0.5))} p90 ${f1(quantile(pauses, 0.9))} max ${f1(quantile(pauses, 1))} (sum ${(pauses.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s)`;
  });
  console.log(`  ${i === 0 ? 'main ' : ''}${isolate}: ${parts.join('; ') || 'none in the window'}`);
}

const main = events.filter((e) => e.isolate === isolates[0] && e.at >= from && e.at <= to);
const scavenges = main.filter((e) => e.fields.gc === 's');
if (scavenges.length === 0) process.exit(0);
const span = (scavenges.at(-1).at - scavenges[0].at) / 1000;
console.log(`\nMain thread, ${scavenges.length} scavenges over ${span.toFixed(0)} s (${(scavenges.length / Math.max(1, span)).toFixed(1)}/s):`);
const PHASES = ['pause', 'time_to_safepoint', 'scavenge', 'scavenge.roots', 'scavenge.free_remembered_set', 'scavenge.parallel', 'scavenge.weak_global_handles.identify', 'scavenge.weak_global_handles.process', 'scavenge.weak', 'scavenge.update_refs', 'scavenge.sweep_array_buffers', 'heap.external.prologue', 'heap.external.epilogue', 'heap.epilogue', 'background.scavenge.parallel'];
const BYTES = ['new_space_survived', 'semi_space_copied', 'promoted', 'allocated'];
const slowest = [...scavenges].sort((a, b) => num(b, 'pause') - num(a, 'pause')).slice(0, Math.max(1, Math.round(scavenges.length / 10)));
const byPause = [...scavenges].sort((a, b) => num(a, 'pause') - num(b, 'pause'));
const middle = byPause.slice(Math.floor(byPause.length * 0.4), Math.ceil(byPause.length * 0.6));
const row = (key, format, scale = 1) => {
  const all = scavenges.map((e) => num(e, key) / scale);
  if (!all.some(Number.isFinite)) return null;
  const m = (group) => format(mean(group.map((e) => num(e, key) / scale)));
  return `| ${key} | ${format(mean(all))} | ${format(quantile(all, 0.5))} | ${format(quantile(all, 0.9))} | ${format(quantile(all, 1))} | ${m(middle)} | ${m(slowest)} |`;
};
console.log('\n| per scavenge (ms, or MiB for sizes) | mean | p50 | p90 | max | middle fifth (by pause), mean | slowest tenth, mean |');
console.log('|---|---|---|---|---|---|---|');
for (const key of PHASES) {
  const line = row(key, f2);
  if (line) console.log(line);
}
for (const key of BYTES) {
  const line = row(key, mib);
  if (line) console.log(line);
}
// Copying speed of the parallel phase: what survived and was promoted per ms of it, middle vs slowest.
const speed = (group) => mean(group.map((e) => (num(e, 'new_space_survived') + num(e, 'promoted')) / 2 ** 20 / num(e, 'scavenge.parallel')).filter(Number.isFinite));
console.log(`\ncopied + promoted per ms of the parallel phase: middle fifth ${f2(speed(middle))} MiB/ms, slowest tenth ${f2(speed(slowest))} MiB/ms`);
const between = scavenges.slice(1).map((e, i) => e.at - scavenges[i].at);
console.log(`time between scavenges: p50 ${f1(quantile(between, 0.5))} ms, p10 ${f1(quantile(between, 0.1))} ms; mutator time before each (mutator=): p50 ${f1(quantile(scavenges.map((e) => num(e, 'mutator')), 0.5))} ms`);
const marks = main.filter((e) => e.fields.gc !== 's');
for (const e of marks) console.log(`full collection at ${(e.at / 1000).toFixed(1)} s: pause ${e.fields.pause} ms, incremental steps ${e.fields['incremental.steps_count'] ?? '?'} taking ${e.fields['incremental.steps_took'] ?? '?'} ms, marking walltime ${e.fields['incremental_wrapper'] ?? e.fields['mark'] ?? '?'}`);
