// The API main thread's stages, shared by apps/bench/tools/profile-split.cjs (CPU profiles) and
// apps/bench/tools/alloc-profile.cjs (sampling heap profiles). `stager(nodes)` takes a profile's nodes as
// `{ id, callFrame, children: [ids] }` and answers `stageOf(id)`: the stage of the leaf-most frame whose file is
// classified below. Node's own frames (streams, crypto, events) and natives (writev, JSON) take the stage of the
// code that called them; Node's socket and HTTP frames under ws or graphql-ws count as `edge:ws`.
const RULES = [
  [/node_modules\/(@nestjs\/graphql\/node_modules\/)?(graphql-ws|ws)\//, 'edge:ws'],
  [/node_modules\/(graphql|graphql-jit|@apollo|@graphql-tools)\//, 'edge:graphql'],
  [/node_modules\/@nestjs\/(graphql|core|apollo)\//, 'edge:graphql'],
  // server.ts's only per-move code is the fairness derivation's native HMAC (the house's rolls).
  [/apps\/api\/dist\/server\.js/, 'domain:commands'],
  [/apps\/api\/dist\/graphql\//, 'edge:graphql'],
  [/node_modules\/(fastify|@fastify|find-my-way|avvio|secure-json-parse|@nestjs\/platform-fastify|@as-integrations)\//, 'edge:http'],
  [/node:_http_|node:internal\/http|node:net|node:internal\/stream_base_commons|node:internal\/streams|node:stream/, 'edge:http'],
  [/libs\/server\/auth\//, 'edge:auth'],
  [/node_modules\/prom-client|path-timings|step-histogram/, 'metrics'],
  [/libs\/event-store\//, 'domain:store'],
  [/libs\/server\/bots-driver\//, 'domain:cpu-seats'],
  [/libs\/server\/matches\/dist\/(match-views|match-queries|match-subscriptions|match-reader)/, 'domain:views'],
  [/libs\/server\/matches\/dist\/(live-matches|match-announcements|match-catalog|match-follower)/, 'domain:catalog'],
  [/libs\/(server|game)\//, 'domain:commands'],
  [/apps\/api\/dist\//, 'other:api'],
];
const VM = new Map([['(garbage collector)', 'gc'], ['(idle)', 'idle'], ['(program)', 'program']]);
const WS = /node_modules\/(@nestjs\/graphql\/node_modules\/)?(graphql-ws|ws)\//;

function stager(nodes) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (id) => byId.get(id).callFrame.functionName;
  const url = (id) => byId.get(id).callFrame.url;
  const onStack = (id, pattern) => {
    for (let at = id; at !== undefined; at = parent.get(at)) if (pattern.test(url(at))) return true;
    return false;
  };
  const leafStage = (id) => {
    if (VM.has(name(id))) return VM.get(name(id));
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const rule = url(at) && RULES.find(([pattern]) => pattern.test(url(at)));
      if (rule) return rule[1];
    }
    return 'unattributed';
  };
  const stageOf = (id) => {
    const stage = leafStage(id);
    return stage === 'edge:http' && onStack(id, WS) ? 'edge:ws' : stage;
  };
  return { byId, parent, name, url, stageOf };
}

/** A frame as `function file:line`, node_modules and the repo's folders shortened. */
const frameKey = (frame) => `${frame.functionName || '(anon)'} ${frame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/(apps|libs)\//, '$1/')}:${frame.lineNumber}`;

module.exports = { stager, frameKey };
