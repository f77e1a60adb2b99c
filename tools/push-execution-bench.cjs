// The CPU time of one `matchUpdated` push's execution (graphql-jit), on the schema as Nest builds it (a resolver on every
// field) and on the compiled routes' copy with Nest's plain field resolvers inlined (ADR 0029); both answers must be the same
// bytes. Two selections: the simulation's load client's and every field of a MatchView to depth 3 (a console's is in between).
// Run after `npx tsc -b`: `node tools/push-execution-bench.cjs` (prints CPU µs per push, medians of 3 alternating rounds).
const path = require('path'); const fs = require('fs'); const os = require('os');
const root = process.argv[2] ?? path.join(__dirname, '..');
const req = (p) => require(path.join(root, p));
const { startApi } = req('apps/api/dist/server.js');
const { inlinePlainFields } = req('apps/api/dist/graphql/plain-fields.js');
const { LiveMatches, viewMatch } = req('libs/server/matches/dist/index.js');
const { GraphQLSchemaHost } = require(path.join(root, 'node_modules/@nestjs/graphql'));
const { lexicographicSortSchema, parse } = require(path.join(root, 'node_modules/graphql'));
const { compileQuery } = require(path.join(root, 'node_modules/graphql-jit'));
const SMALL = 'id revision status toAct me committedAt options { spotOn } seats { seat dice } round { palifico bids { quantity face } }';
(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'liars-dice-push-bench-'));
  const api = await startApi({ PORT: '0', DATA_DIR: dir, EVENT_STORE: 'memory', LOG_LEVEL: 'silent', NODE_ENV: 'test', BOT_THINK_MS: '60000' });
  const gql = async (query, variables, token) => { const r = await fetch(api.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) }); const j = await r.json(); if (j.errors) throw new Error(JSON.stringify(j.errors)); return j.data; };
  const reg = async (n) => (await gql('mutation($n: String!) { register(input: { name: $n, password: "bench-password" }) { token } }', { n })).register.token;
  const a = await reg('pbhost'); const b = await reg('pbguest');
  const m = (await gql('mutation($i: CreateMatchInput!) { createMatch(input: $i) { id } }', { i: { commandId: 'c1', ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'CPU' }, { kind: 'CPU' }, { kind: 'CPU' }] } }, a)).createMatch.id;
  await gql('mutation($i: JoinMatchInput!) { joinMatch(input: $i) { id } }', { i: { matchId: m, commandId: 'j1' } }, b);
  await gql('mutation($i: MatchCommandInput!) { startMatch(input: $i) { id } }', { i: { matchId: m, commandId: 's1' } }, a);
  await gql('mutation($i: PlaceBidInput!) { placeBid(input: $i) { id } }', { i: { matchId: m, commandId: 'b1', quantity: 2, face: 3 } }, a).catch(() => undefined);
  const record = api.app.get(LiveMatches).get(m);
  const view = viewMatch(record, null);
  const nest = lexicographicSortSchema(api.app.get(GraphQLSchemaHost).schema);
  const inlined = inlinePlainFields(lexicographicSortSchema(nest));
  const { getNamedType, isObjectType } = require(path.join(root, 'node_modules/graphql'));
  const every = (type, depth) => Object.values(type.getFields()).filter((f) => f.args.length === 0).map((f) => { const t = getNamedType(f.type); return isObjectType(t) ? (depth > 0 ? `${f.name} { ${every(t, depth - 1)} }` : '') : f.name; }).filter(Boolean).join(' ');
  const FULL = every(nest.getType('MatchView'), 3);
  const out = {};
  for (const [label, sel] of [['load client selection', SMALL], ['wider selection', FULL]]) {
    const doc = parse(`subscription($id: ID!) { matchUpdated(id: $id) { ${sel} } }`);
    const runs = { nest: compileQuery(nest, doc), inlined: compileQuery(inlined, doc) };
    for (const [k, c] of Object.entries(runs)) if (!c.query) throw new Error(`${label} ${k}: ${JSON.stringify(c.errors)}`);
    const a1 = JSON.stringify(await runs.nest.query(view, {}, { id: m })); const b1 = JSON.stringify(await runs.inlined.query(view, {}, { id: m }));
    if (a1 !== b1) throw new Error(`${label}: answers differ\n${a1}\n${b1}`);
    const N = 20000; const t = { nest: [], inlined: [] };
    for (let round = 0; round < 6; round++) for (const k of round % 2 ? ['inlined', 'nest'] : ['nest', 'inlined']) {
      const c0 = process.cpuUsage(); for (let i = 0; i < N; i++) await runs[k].query(view, {}, { id: m }); const c = process.cpuUsage(c0); t[k].push((c.user + c.system) / N);
    }
    const med = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    out[label] = { nest: med(t.nest).toFixed(2), inlined: med(t.inlined).toFixed(2), bytes: a1.length };
  }
  console.log(JSON.stringify(out, null, 1), 'loadavg', fs.readFileSync('/proc/loadavg', 'utf8').trim());
  await api.close(); fs.rmSync(dir, { recursive: true, force: true }); process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
