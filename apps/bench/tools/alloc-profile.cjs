// Bytes the API's MAIN thread allocates per command, and where (ADR 0028). Two roles:
//
// 1. Preloaded into the API (main thread only; worker threads are left alone):
//      ALLOC_PROFILE=/tmp/alloc ALLOC_PROFILE_AFTER=12 ALLOC_PROFILE_FOR=20 \
//      BENCH_NODE_ARGS="--max-semi-space-size=64 --heap-growing-percent=300 -r ./apps/bench/tools/alloc-profile.cjs" \
//      npm run --silent simulate -- tables --count 300 --seconds 30
//    AFTER seconds after the first command (/metrics' command counter) it starts V8's sampling heap profiler with
//    the objects garbage collection frees kept in the profile (so it counts what was allocated, not what survived),
//    reads the commands handled so far from /metrics, and counts garbage collections by kind; FOR seconds later it
//    writes `<dir>/alloc-<pid>.heapprofile` (opens in Chrome DevTools) and `<dir>/alloc-<pid>.json` (commands, GCs,
//    window). ALLOC_PROFILE_INTERVAL: mean bytes between samples (default 16384). Sampling counts bytes, not time:
//    the machine's speed does not enter; the rate does (work done per event-loop turn or per second is shared by
//    fewer commands at a lower rate), so compare runs at similar commands per second.
// 2. Report: node apps/bench/tools/alloc-profile.cjs <dir>/alloc-<pid>.heapprofile [stage|frame-pattern [top]]
//    prints bytes per command, by stage (apps/bench/tools/profile-stages.cjs), by the allocating function, and by the nearest
//    frame of the project's own code (apps/, libs/) on the allocating stack.
const fs = require('fs');
const path = require('path');

function preload() {
  const { isMainThread } = require('worker_threads');
  const dir = process.env['ALLOC_PROFILE'];
  if (!isMainThread || !dir) return;
  const inspector = require('inspector');
  const http = require('http');
  const { PerformanceObserver, constants } = require('perf_hooks');
  const after = Number(process.env['ALLOC_PROFILE_AFTER'] ?? 12) * 1000;
  const span = Number(process.env['ALLOC_PROFILE_FOR'] ?? 20) * 1000;
  const interval = Number(process.env['ALLOC_PROFILE_INTERVAL'] ?? 16384);
  const kinds = new Map([[constants.NODE_PERFORMANCE_GC_MINOR, 'scavenge'], [constants.NODE_PERFORMANCE_GC_MAJOR, 'mark-compact'], [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'], [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weak-callbacks']]);
  const gcs = {};
  let counting = false;
  new PerformanceObserver((list) => {
    if (!counting) return;
    for (const entry of list.getEntries()) {
      const kind = kinds.get(entry.detail?.kind ?? entry.kind) ?? 'other';
      const seen = (gcs[kind] ??= { count: 0, ms: 0 });
      seen.count += 1;
      seen.ms += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  // Commands handled (every outcome) from the API's own /metrics, through the public port like any scraper.
  const commands = () => new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port: Number(process.env['PORT']), path: '/metrics' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve([...text.matchAll(/^liars_dice_commands_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0)));
    }).on('error', () => resolve(NaN));
  });
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  const window = async () => {
    const start = { at: Date.now(), commands: await commands() };
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    counting = true;
    setTimeout(async () => {
      const { profile } = await post('HeapProfiler.stopSampling');
      counting = false;
      const end = { at: Date.now(), commands: await commands() };
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `alloc-${process.pid}.heapprofile`), JSON.stringify(profile));
      fs.writeFileSync(path.join(dir, `alloc-${process.pid}.json`), JSON.stringify({ seconds: (end.at - start.at) / 1000, commands: end.commands - start.commands, interval, gcs }, null, 1));
    }, span).unref();
  };
  // The window opens AFTER seconds after the first command (start-up and sign-ups take their own time).
  const poll = setInterval(async () => {
    if (!((await commands()) > 0)) return;
    clearInterval(poll);
    setTimeout(window, after).unref();
  }, 1000).unref();
}

/** The heap profile's tree as flat nodes `{ id, callFrame, selfSize, children: [ids] }`. */
function flatten(head) {
  const nodes = [];
  const visit = (node) => {
    nodes.push({ id: node.id, callFrame: node.callFrame, selfSize: node.selfSize, children: node.children.map((c) => c.id) });
    node.children.forEach(visit);
  };
  visit(head);
  return nodes;
}

function report(file, want, top) {
  const { frameKey, stager } = require('./profile-stages.cjs');
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const facts = JSON.parse(fs.readFileSync(file.replace(/\.heapprofile$/, '.json'), 'utf8'));
  const nodes = flatten(profile.head);
  const { byId, parent, stageOf } = stager(nodes);
  const own = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at)) if (/\/(apps|libs)\/[^/]+\/.*dist\//.test(byId.get(at).callFrame.url) && !/node_modules/.test(byId.get(at).callFrame.url)) return frameKey(byId.get(at).callFrame);
    return '(no own frame)';
  };
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  const stages = new Map();
  const selfBy = new Map();
  const ownBy = new Map();
  let all = 0;
  for (const node of nodes) {
    if (!node.selfSize) continue;
    const stage = stageOf(node.id);
    all += node.selfSize;
    add(stages, stage, node.selfSize);
    const key = frameKey(node.callFrame);
    const match = !want || stage === want || key.includes(want) || own(node.id).includes(want);
    if (!match) continue;
    add(selfBy, key, node.selfSize);
    add(ownBy, own(node.id), node.selfSize);
  }
  const per = facts.commands > 0 ? facts.commands : NaN;
  const kb = (bytes) => `${(bytes / per / 1024).toFixed(1).padStart(7)} KiB/cmd ${((bytes / all) * 100).toFixed(1).padStart(5)} %`;
  console.log(`window ${facts.seconds.toFixed(1)} s, ${facts.commands} commands (${(facts.commands / facts.seconds).toFixed(0)}/s), sampled every ${facts.interval} bytes`);
  console.log(`allocated: ${(all / 2 ** 20).toFixed(0)} MiB = ${(all / per / 1024).toFixed(1)} KiB per command`);
  for (const [kind, seen] of Object.entries(facts.gcs)) console.log(`${kind}: ${seen.count} (${((seen.count / per) * 1000).toFixed(1)} per 1,000 commands), mean ${(seen.ms / seen.count).toFixed(1)} ms`);
  console.log('--- by stage');
  for (const [stage, bytes] of [...stages].sort((a, b) => b[1] - a[1])) console.log(kb(bytes), stage);
  const n = Number(top ?? 30);
  console.log(`--- by allocating function${want ? ` (${want})` : ''}`);
  for (const [key, bytes] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(kb(bytes), key);
  console.log(`--- by the nearest own frame${want ? ` (${want})` : ''}`);
  for (const [key, bytes] of [...ownBy].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(kb(bytes), key);
}

if (require.main === module) report(process.argv[2], process.argv[3], process.argv[4]);
else preload();
