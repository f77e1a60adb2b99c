#!/usr/bin/env node
// Development tool (docs/adr/0028): per-call CPU of main-thread pieces of a move, two built checkouts compared.
//   node apps/bench/tools/compare-domain-cpu.cjs <before-checkout> [after-checkout=.] [passes=5]
// Plays one 3-seat perudo match to its end with the after checkout's command runner (in-memory store), then times,
// in alternating passes, each checkout's own code on the same inputs: the admission of a `placeBid` request
// (parse and validation cached, variables, cost), a `placeBid` resolver's id check, folding each command's batch
// of that match, and two seats' views of each of its records. Prints µs per call, the minimum over the passes
// (the least disturbed on a shared machine).
const path = require('node:path');

const [beforeRoot, afterRoot = '.', passesArg = '5'] = process.argv.slice(2);
if (!beforeRoot) {
  console.error('usage: node apps/bench/tools/compare-domain-cpu.cjs <before-checkout> [after-checkout=.] [passes=5] (both built: npx tsc -b)');
  process.exit(2);
}

function load(root) {
  const at = (file) => require(path.resolve(root, file));
  require(path.resolve(root, 'node_modules/reflect-metadata'));
  const graphql = require(path.resolve(root, 'node_modules/graphql'));
  return {
    graphql,
    store: at('libs/event-store/memory/dist/index.js'),
    platform: at('libs/server/platform/dist/index.js'),
    match: at('libs/game/match/dist/index.js'),
    // The command path is loaded by `playedMatch`, from the after checkout only (its shape changed in ADR 0068).
    root,
    views: at('libs/server/matches/dist/match-views.js'),
    admission: at('apps/api/dist/graphql/admission.js'),
    rateLimit: at('apps/api/dist/graphql/rate-limit.js'),
    ids: at('apps/api/dist/graphql/id-arguments.js'),
  };
}

const SETTINGS = { seedKey: 'cd'.repeat(32), commandRetries: 8 };
const players = [{ id: 'a-alice', name: 'alice' }, { id: 'a-bob', name: 'bob' }, { id: 'a-carol', name: 'carol' }];

/** A whole match's stored events, played by `code`'s command handlers: bids of rising quantity, a call after three. */
async function playedMatch(code) {
  const at = (file) => require(path.resolve(code.root, 'libs/server/matches/dist', file));
  const { InMemoryEventStore } = code.store;
  const store = new InMemoryEventStore();
  const vault = new (at('seed-vault.js').SeedVault)(SETTINGS);
  const matchStore = new (at('match-store.js').MatchStore)(store);
  const decider = new (at('commands/match-decider.js').MatchDecider)(vault, new code.platform.Clock());
  const context = new (at('commands/handle-match-command.js').MatchCommandContext)(new (at('live-matches.js').LiveMatches)(matchStore), matchStore, decider, SETTINGS);
  const [lobby, play] = [at('commands/lobby.handlers.js'), at('commands/play.handlers.js')];
  const handlers = new Map([lobby.JoinMatchHandler, lobby.StartMatchHandler, play.PlaceBidHandler, play.CallLiarHandler].map((H) => [H.name.replace(/Handler$/, 'Command'), new H(context)]));
  const run = (command) => handlers.get(command.constructor.name).execute(command);
  const C = at('commands/match.commands.js');
  const plan = { ruleset: 'perudo', options: {}, seats: players.map(() => ({ kind: 'human' })), ranked: false, kind: 'regular' };
  const { matchId } = await new lobby.CreateMatchHandler(context, vault, { lobbyIdleMaxSeconds: 86_400 }).execute(new C.CreateMatchCommand(players[0], 'open', plan));
  for (const [i, guest] of players.slice(1).entries()) await run(new C.JoinMatchCommand(guest, `join-${i}`, matchId, null));
  let record = (await run(new C.StartMatchCommand(players[0], 'start', matchId))).record;
  for (let step = 0; step < 500 && record.game.status === 'bidding'; step++) {
    const holder = players.find((p) => record.table.seats.find((s) => s.seat === record.game.toAct)?.holder?.id === p.id);
    const target = { matchId, commandId: `move-${step}`, actor: { kind: 'account', ...holder } };
    const bids = record.game.round.bids;
    const last = bids.at(-1);
    const command = bids.length < 3 ? new C.PlaceBidCommand(target, (last?.quantity ?? 0) + 1, last?.face ?? 3) : new C.CallLiarCommand(target);
    record = (await run(command)).record;
  }
  return store.readStream(`match-${matchId}`);
}

/** The events as appended: one batch per command id, in order. */
function batchesOf(events) {
  const batches = [];
  for (const event of events) {
    const last = batches.at(-1);
    if (last && last[0].metadata.commandId === event.metadata.commandId) last.push(event);
    else batches.push([event]);
  }
  return batches;
}

const SDL = 'input PlaceBidInput { matchId: ID! commandId: String! quantity: Int! face: Int! } type Mutation { placeBid(input: PlaceBidInput!): Int } type Query { ok: Int }';
const BID = 'mutation($input: PlaceBidInput!) { placeBid(input: $input) }';

/** The pieces of `code` to time, each a function of the pass's call number. */
function pieces(code, batches) {
  const schema = code.ids.checkIdArguments(code.graphql.buildSchema(SDL));
  const admission = code.admission.operationAdmission({ rules: [], limiter: new code.rateLimit.RateLimiter(0), schema: () => schema, maxCost: 10_000, maxTokens: 10_000 });
  const resolve = schema.getMutationType().getFields().placeBid.resolve;
  const input = (i) => ({ matchId: 'k3J9xQ2mP8vL1aZ0', commandId: `bid-4242-${i}`, quantity: 3, face: 4 });
  const records = [];
  let record = null;
  for (const batch of batches) records.push((record = code.match.foldRecorded(record, batch)));
  return {
    'admission of a placeBid request': { calls: 20_000, run: (i) => admission.check({ query: BID, variables: { input: input(i) } }) },
    "placeBid's id check": { calls: 50_000, run: (i) => resolve(null, { input: input(i) }, {}, {}) },
    "folding a command's batch": {
      calls: 50,
      per: batches.length,
      run: () => batches.reduce((folded, batch) => code.match.foldRecorded(folded, batch), null),
    },
    "two seats' views of a record": {
      calls: 50,
      per: records.length,
      run: () => records.forEach((r) => [code.views.viewMatch(r, players[0]), code.views.viewMatch(r, players[1])]),
    },
  };
}

function cpuMicros(piece) {
  const start = process.cpuUsage();
  for (let i = 0; i < piece.calls; i++) piece.run(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / piece.calls / (piece.per ?? 1);
}

async function main() {
  const before = load(beforeRoot);
  const after = load(afterRoot);
  const batches = batchesOf(await playedMatch(after));
  const sides = { before: pieces(before, batches), after: pieces(after, batches) };
  const best = { before: {}, after: {} };
  for (let pass = 0; pass < Number(passesArg); pass++) {
    for (const side of pass % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
      for (const [name, piece] of Object.entries(sides[side])) best[side][name] = Math.min(best[side][name] ?? Infinity, cpuMicros(piece));
    }
  }
  console.log(`one perudo match of 3 seats: ${batches.length} commands, ${batches.flat().length} events; µs per call, the least of ${passesArg} passes`);
  console.log('| piece | before | after | ratio |\n|---|---|---|---|');
  for (const name of Object.keys(best.before)) {
    const [b, a] = [best.before[name], best.after[name]];
    console.log(`| ${name} | ${b.toFixed(2)} | ${a.toFixed(2)} | ×${(b / a).toFixed(1)} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
