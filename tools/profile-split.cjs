// Splits a CPU profile of the API's main thread (`--cpu-prof`, file `.0.001`) into stages, from the first command on
// (the start-up's module loading and schema building are left out). Usage (ADR 0036):
//   node tools/profile-split.cjs <file.cpuprofile> [stage [top]]
// Each sample goes to the stage of the leaf-most frame whose file is classified below: Node's own frames (streams,
// crypto, events) and natives (writev, JSON) take the stage of the code that called them. Node's socket and HTTP
// frames under ws or graphql-ws count as `edge:ws`. With a stage, also prints that stage's self time by function.
const fs = require('fs');
const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const RULES = [
  [/node_modules\/(@nestjs\/graphql\/node_modules\/)?(graphql-ws|ws)\//, 'edge:ws'],
  [/node_modules\/(graphql|graphql-jit|@apollo|@graphql-tools)\//, 'edge:graphql'],
  [/node_modules\/@nestjs\/(graphql|core|apollo)\//, 'edge:graphql'],
  [/apps\/api\/dist\/edge\//, 'edge:hand-off'],
  // server.ts's only per-move code is the fairness derivation's native HMAC (the house's rolls).
  [/apps\/api\/dist\/server\.js/, 'domain:commands'],
  [/apps\/api\/dist\/graphql\/(direct-http|compiled-http)/, 'edge:http'],
  [/apps\/api\/dist\/graphql\//, 'edge:graphql'],
  [/node_modules\/(express|body-parser|router|raw-body)\//, 'edge:http'],
  [/node:_http_|node:internal\/http|node:net|node:internal\/stream_base_commons|node:internal\/streams|node:stream/, 'edge:http'],
  [/libs\/server\/auth\//, 'edge:auth'],
  [/node_modules\/prom-client|path-timings|step-histogram/, 'metrics'],
  [/libs\/event-store\//, 'domain:store'],
  [/libs\/server\/bots-driver\//, 'domain:cpu-seats'],
  [/libs\/server\/matches\/dist\/(match-views|match-queries|match-subscriptions|match-reader)/, 'domain:views'],
  [/libs\/server\/matches\/dist\/(match-catalog|match-follower)/, 'domain:catalog'],
  [/libs\/(server|game)\//, 'domain:commands'],
  [/apps\/api\/dist\//, 'other:api'],
];
const VM = new Map([['(garbage collector)', 'gc'], ['(idle)', 'idle'], ['(program)', 'program']]);
const name = (id) => byId.get(id).callFrame.functionName;
const url = (id) => byId.get(id).callFrame.url;
function onStack(id, pattern) {
  for (let at = id; at !== undefined; at = parent.get(at)) if (pattern.test(url(at))) return true;
  return false;
}
function leafStage(id) {
  if (VM.has(name(id))) return VM.get(name(id));
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const rule = url(at) && RULES.find(([pattern]) => pattern.test(url(at)));
    if (rule) return rule[1];
  }
  return 'unattributed';
}
function stageOf(id) {
  const stage = leafStage(id);
  return stage === 'edge:http' && onStack(id, /node_modules\/(@nestjs\/graphql\/node_modules\/)?(graphql-ws|ws)\//) ? 'edge:ws' : stage;
}
const commands = new Map();
function inCommand(id) {
  if (!commands.has(id)) {
    let found = false;
    for (let at = id; at !== undefined && !found; at = parent.get(at)) found = name(at) === 'decideAndAppend';
    commands.set(id, found);
  }
  return commands.get(id);
}
let clock = profile.startTime;
let firstCommand = null;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  if (firstCommand === null && inCommand(id)) firstCommand = clock;
});
const stages = new Map();
const selfIn = new Map();
const want = process.argv[3];
let all = 0;
clock = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  if (firstCommand === null || clock < firstCommand) return;
  const stage = stageOf(id);
  stages.set(stage, (stages.get(stage) ?? 0) + delta);
  all += delta;
  if (stage === want) {
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anon)'} ${frame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/(apps|libs)\//, '$1/')}:${frame.lineNumber}`;
    selfIn.set(key, (selfIn.get(key) ?? 0) + delta);
  }
});
const busy = all - (stages.get('idle') ?? 0);
const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(`from the first command: ${(all / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((busy / all) * 100).toFixed(1)} %)`);
const groups = new Map();
for (const [stage, us] of stages) if (stage !== 'idle') groups.set(stage.split(':')[0], (groups.get(stage.split(':')[0]) ?? 0) + us);
console.log('--- by group, % of busy');
for (const [group, us] of [...groups].sort((a, b) => b[1] - a[1])) console.log(pct(us), group, `${(us / 1e3).toFixed(0)} ms`);
console.log('--- by stage, % of busy');
for (const [stage, us] of [...stages].filter(([s]) => s !== 'idle').sort((a, b) => b[1] - a[1])) console.log(pct(us), stage, `${(us / 1e3).toFixed(0)} ms`);
if (want) {
  console.log(`--- self time in ${want}, % of busy`);
  for (const [key, us] of [...selfIn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 25))) console.log(pct(us), key);
}
