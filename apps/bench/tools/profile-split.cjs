// Splits a CPU profile of the API's main thread (`--cpu-prof`, file `.0.001`) into stages, from the first command on
// (the start-up's module loading and schema building are left out). Usage:
//   node apps/bench/tools/profile-split.cjs <file.cpuprofile> [stage [top]]
// Each sample goes to the stage of the leaf-most frame whose file apps/bench/tools/profile-stages.cjs classifies: Node's own frames (streams,
// crypto, events) and natives (writev, JSON) take the stage of the code that called them. Node's socket and HTTP
// frames under ws or graphql-ws count as `edge:ws`. With a stage, also prints that stage's self time by function.
const fs = require('fs');
const { frameKey, stager } = require('./profile-stages.cjs');
const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { byId, name, parent, stageOf } = stager(profile.nodes);
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
    const key = frameKey(byId.get(id).callFrame);
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
